import { describe, expect, it } from 'vitest';
import { runPowerCut } from './power-cut.ts';

describe('npm start after a crash, with its own embedded PostgreSQL', () => {
  it('starts again over an orphaned PostgreSQL and over a stale postmaster.pid, with the alert, the session and the queued e-mail intact, and signals no stranger', async () => {
    const result = await runPowerCut(() => {});
    console.log(result.lines.join('\n'));
    expect(result.failures).toEqual([]);
  });
});
