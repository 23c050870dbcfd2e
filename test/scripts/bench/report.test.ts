import { describe, expect, it } from 'vitest';
import { markdownTable, summarise } from '../../../scripts/bench/report.ts';
import { QUIET_CALIBRATION, exitCode } from '../../../scripts/bench/verdict.ts';

const quiet = { calibration: QUIET_CALIBRATION, load1: 0.5, cores: 2 };

describe("the bench's table", () => {
  it('fails a figure that has no sample or a sample that is not a number, and never prints NaN', () => {
    const rows = summarise([
      { figure: '2. Cold load', what: 'home: first contentful paint', unit: 'ms', samples: [Number.NaN, Number.NaN] },
      { figure: '2. Cold load', what: 'home: one run lost', unit: 'ms', samples: [900, Number.NaN, 950] },
      { figure: '10. Lighthouse', what: 'signin: no run', unit: 'score', samples: [], budget: { min: 95 } },
      {
        figure: '4. SOS press',
        what: 'press to wire',
        unit: 'ms',
        samples: [10, 12, 11],
        budget: { max: 100 },
        machine: quiet,
      },
    ]);
    expect(rows.map(({ what, result, missing }) => ({ what, result, missing }))).toEqual([
      { what: 'home: first contentful paint', result: 'FAIL', missing: '2 of 2 samples not a number' },
      { what: 'home: one run lost', result: 'FAIL', missing: '1 of 3 samples not a number' },
      { what: 'signin: no run', result: 'FAIL', missing: 'no sample' },
      { what: 'press to wire', result: 'pass', missing: undefined },
    ]);
    const table = markdownTable(rows);
    expect(table).not.toMatch(/NaN|Infinity/);
    expect(table.split('\n').slice(2)).toEqual([
      '| 2. Cold load | home: first contentful paint | **no figure: 2 of 2 samples not a number** | | | 2 |  | **FAIL** |  |',
      '| 2. Cold load | home: one run lost | **no figure: 1 of 3 samples not a number** | | | 3 |  | **FAIL** |  |',
      '| 10. Lighthouse | signin: no run | **no figure: no sample** | | | 0 | >= 95 score | **FAIL** |  |',
      `| 4. SOS press | press to wire | 11.0 ms | 10.0 | 12.0 | 3 | <= 100 ms | pass (calibration ${QUIET_CALIBRATION} req/s (100% of quiet), load 0.50 on 2 cores) |  |`,
    ]);
    expect(exitCode(rows.map((row) => row.result))).toBe(1);
  });
});
