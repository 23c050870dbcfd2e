import { describe, expect, it } from 'vitest';
import { runPercentiles } from '../../../scripts/bench/load/run-percentiles.ts';

describe("a latency figure's runs", () => {
  it("reports each run's p95 against the budget and its p50 beside it, a missing sample counting as never", () => {
    const runs = runPercentiles();
    runs.add(Array.from({ length: 20 }, (_, i) => (i + 1) * 10));
    runs.add([5, 5, 5, Number.POSITIVE_INFINITY]);
    expect(runs.measurements('8. SOS behind a flood', 'press to the SOS e-mail accepted', 1000, 'cómo')).toEqual([
      {
        figure: '8. SOS behind a flood',
        what: 'press to the SOS e-mail accepted: p95 of a run',
        unit: 'ms',
        samples: [190, Number.POSITIVE_INFINITY],
        budget: { max: 1000 },
        note: 'cómo',
      },
      {
        figure: '8. SOS behind a flood',
        what: 'press to the SOS e-mail accepted: p50 of a run',
        unit: 'ms',
        samples: [100, 5],
      },
    ]);
  });
});
