import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos-run.ts';
import { failures, formatCounts } from './report.ts';
import { quickChaos } from './scenarios.ts';

describe('SOS through a faulty network, killed servers and a mail server that refuses mail', () => {
  it('makes every press a phone saw answered or queued exactly one alert, e-mailed to every confirmed contact, and leaves no e-mail behind', async () => {
    // A fixed seed: the same faults in the same order on every run.
    const phases = await runChaos({ ...quickChaos, seed: 8, log: () => {} });
    // The counts belong in the test output: they are what the run measured.
    for (const counts of phases) console.log(formatCounts(counts));
    expect(phases.map((counts) => ({ phase: counts.title, failures: failures(counts) }))).toEqual(
      phases.map((counts) => ({ phase: counts.title, failures: [] })),
    );
  });
});
