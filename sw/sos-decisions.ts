// What a reply means for an SOS request. Pure functions: the decision table of
// DESIGN.md section 3, tested on its own (test/sw/sos-decisions.test.ts).

/** A reply status, or no reply at all (offline, DNS, reset, timeout). */
export type SosOutcome = number | 'network-error';

/**
 * The live path (queue empty): true when the request must be queued instead of
 * passing the reply to the page. 5xx and 429 are "successful" fetches that did
 * not deliver; 408 is the server timing out on us, the same thing.
 */
export function shouldQueueLiveReply(status: number): boolean {
  return isTransient(status);
}

/**
 * The replay path, per queued entry:
 * - done: 2xx, or 409 (the server already did it); remove and tell the pages.
 * - refresh: 401; refresh the token once, then retry.
 * - keep: no reply, 5xx, 429, 408 and anything unexpected (403, 404, 3xx...),
 *   which a misconfigured proxy or a deploy can cause for a while; keep it at the
 *   front and stop this round. Entries still expire after 7 days, loudly.
 * - reject: 400, 413, 422, a body the server will never accept. Kept, it would
 *   block every later request (an ended alert behind it) for 7 days; so it is
 *   removed and kept in the pages' view until they acknowledge it, never dropped silently.
 *   For a check-in call, 404 too: 'No tienes un aviso en curso' stays true, and
 *   kept it would hold up every SOS queued after it.
 */
export type ReplayDecision = 'done' | 'refresh' | 'keep' | 'reject';

export function decideReplay(outcome: SosOutcome, { checkIn = false }: { checkIn?: boolean } = {}): ReplayDecision {
  if (outcome === 'network-error') return 'keep';
  if (checkIn && outcome === 404) return 'reject';
  if ((outcome >= 200 && outcome < 300) || outcome === 409) return 'done';
  if (outcome === 401) return 'refresh';
  if (outcome === 400 || outcome === 413 || outcome === 422) return 'reject';
  return 'keep';
}

function isTransient(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}
