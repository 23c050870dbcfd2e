import { describe, expect, it } from 'vitest';
import { summarise } from '../../../scripts/bench/report.ts';
import { BUSY_SHARE, QUIET_CALIBRATION, exitCode, judge } from '../../../scripts/bench/verdict.ts';
import type { MachineState } from '../../../scripts/bench/verdict.ts';

const machine = (share: number, load1 = 0.5): MachineState => ({
  calibration: QUIET_CALIBRATION * share,
  load1,
  cores: 2,
});
const quiet = machine(0.95);
const atThreshold = machine(BUSY_SHARE);
const busy = machine(BUSY_SHARE - 0.01);

describe('the bench verdict', () => {
  it('judges a timing on a quiet machine by its budget, the threshold itself counting as quiet', () => {
    expect(judge(19.9, 'ms', { max: 20 }, quiet)).toBe('pass');
    expect(judge(20, 'ms', { max: 20 }, atThreshold)).toBe('pass');
    expect(judge(20.1, 'ms', { max: 20 }, quiet)).toBe('FAIL');
    expect(judge(97, 'score', { min: 98 }, quiet)).toBe('FAIL');
    expect(judge(1500, 'req/s', { min: 1500 }, quiet)).toBe('pass');
  });

  it('calls a timing on a busy machine too busy to judge, whether it met its budget or not', () => {
    expect(judge(10, 'ms', { max: 20 }, busy)).toBe('busy');
    expect(judge(90, 'ms', { max: 20 }, busy)).toBe('busy');
    expect(judge(85, '%', { min: 80 }, busy)).toBe('busy');
    expect(judge(10, 'ms', { max: 20 }, undefined)).toBe('busy');
    expect(judge(10, 'ms', { max: 20 }, { ...quiet, calibration: Number.NaN })).toBe('busy');
  });

  it('does not let the load average alone make a quiet calibration busy', () => {
    expect(judge(10, 'ms', { max: 20 }, machine(0.95, 6))).toBe('pass');
  });

  it('always judges bytes and memory, and never judges a row without a budget', () => {
    expect(judge(121, 'kB', { max: 120 }, busy)).toBe('FAIL');
    expect(judge(119, 'kB', { max: 120 }, undefined)).toBe('pass');
    expect(judge(50, 'MB', { max: 60 }, busy)).toBe('pass');
    expect(judge(90, 'ms', undefined, quiet)).toBeNull();
  });

  it('exits 1 on any FAIL, 2 when only busy rows keep it from passing, 0 otherwise', () => {
    expect(exitCode(['pass', null, 'pass'])).toBe(0);
    expect(exitCode(['pass', 'busy', null])).toBe(2);
    expect(exitCode(['busy', 'FAIL', 'pass'])).toBe(1);
    expect(exitCode([])).toBe(0);
  });

  it('gives each row of the table the verdict of its median and of the machine around its figure', () => {
    const rows = summarise([
      { figure: '6. Server', what: 'p99', unit: 'ms', samples: [30, 12, 15], budget: { max: 20 }, machine: busy },
      { figure: '6. Server', what: 'p99', unit: 'ms', samples: [30, 12, 15], budget: { max: 20 }, machine: quiet },
      { figure: '1. Bytes', what: 'home', unit: 'kB', samples: [125], budget: { max: 120 } },
    ]);
    expect(rows.map(({ median, result }) => ({ median, result }))).toEqual([
      { median: 15, result: 'busy' },
      { median: 15, result: 'pass' },
      { median: 125, result: 'FAIL' },
    ]);
  });
});
