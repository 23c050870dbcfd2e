import { describe, expect, it } from 'vitest';
import { decideReplay, shouldQueueLiveReply, type ReplayDecision, type SosOutcome } from '#sw/sos-decisions.ts';

describe('what a replayed SOS reply means', () => {
  it.each<[SosOutcome, ReplayDecision]>([
    [200, 'done'],
    [201, 'done'],
    [204, 'done'],
    [409, 'done'],
    [401, 'refresh'],
    ['network-error', 'keep'],
    [500, 'keep'],
    [502, 'keep'],
    [503, 'keep'],
    [504, 'keep'],
    [429, 'keep'],
    [408, 'keep'],
    // Unexpected answers (a proxy, a deploy) wait rather than lose the alert.
    [403, 'keep'],
    [404, 'keep'],
    [302, 'keep'],
    [400, 'reject'],
    [413, 'reject'],
    [422, 'reject'],
  ])('%s means %s', (outcome, decision) => {
    expect(decideReplay(outcome)).toBe(decision);
  });
});

describe('when the live answer is queued instead of passed to the page', () => {
  it.each([500, 502, 503, 504, 429, 408])('queues a %s', (status) => {
    expect(shouldQueueLiveReply(status)).toBe(true);
  });

  it.each([200, 201, 204, 400, 401, 403, 404, 409, 413, 422])('passes a %s through', (status) => {
    expect(shouldQueueLiveReply(status)).toBe(false);
  });
});
