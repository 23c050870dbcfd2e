import { describe, expect, it } from 'vitest';
import { longestTaskCpuMs, type TraceEvent } from '../../../scripts/bench/figures/longest-task.ts';

const PAGE = { pid: 10, tid: 1 };
const WORKER = { pid: 10, tid: 2 };

const thread = (where: { pid: number; tid: number }, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ...where,
  ts: 0,
  args: { name },
});
const task = (where: { pid: number; tid: number }, ts: number, dur: number, tdur?: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts,
  dur,
  tdur,
});
const paintAt = (ts: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts });

describe("the bench's longest task by CPU time", () => {
  it("takes the page's longest task by CPU time, not by wall time, times the 4x slowdown", () => {
    const events = [
      thread(PAGE, 'CrRendererMain'),
      paintAt(1_000),
      // Waited 90 ms for a core, used 5 ms of it.
      task(PAGE, 2_000, 90_000, 5_000),
      task(PAGE, 100_000, 12_000, 11_000),
      task(PAGE, 120_000, 3_000, 2_000),
    ];
    expect(longestTaskCpuMs(events)).toBe(44);
  });

  it('leaves out what ended before the first paint (TBT does), and the threads of other renderers', () => {
    const events = [
      thread(PAGE, 'CrRendererMain'),
      thread(WORKER, 'CrRendererMain'),
      task(PAGE, 0, 30_000, 30_000),
      paintAt(50_000),
      task(PAGE, 60_000, 8_000, 8_000),
      task(PAGE, 70_000, 1_000, 1_000),
      task(WORKER, 60_000, 40_000, 40_000),
    ];
    expect(longestTaskCpuMs(events)).toBe(32);
  });

  it('says NaN for a trace without CPU times or without a page', () => {
    expect(longestTaskCpuMs([thread(PAGE, 'CrRendererMain'), task(PAGE, 0, 10_000)])).toBeNaN();
    expect(longestTaskCpuMs([])).toBeNaN();
  });
});
