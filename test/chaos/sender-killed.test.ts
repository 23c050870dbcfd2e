import { describe, expect, it } from 'vitest';
import { runSenderKilled } from './sender-killed.ts';

describe('an instance killed while the mail server has its SOS start', () => {
  it('still sends that contact the end, when the alert is ended before anyone sent the start again', async () => {
    const result = await runSenderKilled(() => {});
    console.log(result.lines.join('\n'));
    expect(result.failures).toEqual([]);
  });
});
