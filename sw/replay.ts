import {
  afterUnauthorized,
  commandKindOf,
  readCommandReply,
  replayDecision,
  replayRequest,
  type CommandKind,
  type ReplayOutcome,
} from '#shared/browser/queued-commands.ts';
import type { QueuedSos, SosQueue } from './sos-queue.ts';
import type { TokenSource } from './session-tokens.ts';

export type ReplayEvent =
  | { type: 'delivered'; entry: QueuedSos }
  | {
      type: 'rejected';
      entry: QueuedSos;
      reason: 'invalid' | 'expired';
      status: number | null;
      message: string | null;
    };

/**
 * - empty: nothing is left to send.
 * - waiting: the network or the server failed; the rest waits for the next trigger.
 * - needs-sign-in: what is left needs the person to sign in (a refused refresh,
 *   or entries queued by someone else than the person signed in now).
 */
export interface ReplayRound {
  outcome: 'empty' | 'waiting' | 'needs-sign-in';
  delivered: number;
}

export interface ReplayDeps {
  queue: SosQueue;
  tokens: TokenSource;
  /** Sends one request; rejects when no reply came (its own timeout included). */
  send(request: Request): Promise<Response>;
  now(): number;
  retentionMs: number;
  /** Awaited: a rejected entry is recorded before it leaves the queue's sight. */
  onEvent(event: ReplayEvent): Promise<void> | void;
}

type EntryResult =
  | { decision: 'done' | 'reject'; status: number | null; message: string | null }
  | { decision: 'waiting' }
  | { decision: 'needs-sign-in' };

/**
 * One replay round: the oldest entry first, one at a time, each removed only
 * once its fate is known. A failure stops the round, so nothing queued later is
 * sent before it ('2' never overtakes '1'). Callers keep rounds from overlapping
 * (single-flight.ts).
 */
export async function replayRound(deps: ReplayDeps): Promise<ReplayRound> {
  let delivered = 0;
  for (;;) {
    const queued = await deps.queue.list();
    if (queued.length === 0) return { outcome: 'empty', delivered };

    const access = await deps.tokens.current();
    // Someone else's entries cannot be tried now: past the retention they go.
    const entries = await dropExpired(deps, queued, (entry) => !isOwnedBy(entry, access.userId));
    if (entries.length === 0) return { outcome: 'empty', delivered };
    // Someone else's SOS waits for them; the person signed in now is not held up by it.
    const entry = entries.find((candidate) => isOwnedBy(candidate, access.userId));
    if (!entry) return { outcome: 'needs-sign-in', delivered };

    const result = await replayEntry(deps, entry, access.token);
    // Past the retention, the person's own entry was tried once more before it goes: its age is
    // the phone's clock's, which may have been wrong when it was queued.
    if ((result.decision === 'waiting' || result.decision === 'needs-sign-in') && isExpired(deps, entry)) {
      await reportExpired(deps, entry);
      continue;
    }
    switch (result.decision) {
      case 'waiting':
      case 'needs-sign-in':
        return { outcome: result.decision, delivered };
      case 'done':
        await deps.queue.remove(entry.id);
        delivered += 1;
        await deps.onEvent({ type: 'delivered', entry });
        break;
      case 'reject':
        // Recorded first: a worker killed in between sends it again rather than losing it.
        await deps.onEvent({
          type: 'rejected',
          entry,
          reason: 'invalid',
          status: result.status,
          message: result.message,
        });
        await deps.queue.remove(entry.id);
        break;
    }
  }
}

/** Read after 'No pudimos enviar una solicitud de tu alerta:' on the alert screen (rejected-requests.tsx). */
const UNREADABLE = 'este teléfono ya no puede abrirla. Presiona SOS otra vez.';

async function replayEntry(deps: ReplayDeps, entry: QueuedSos, storedToken: string): Promise<EntryResult> {
  // Its body can never be opened again: waiting would hold every later request behind it forever.
  if (entry.unreadable) return { decision: 'reject', status: null, message: UNREADABLE };
  let token = storedToken;
  let refreshed = false;
  if (!token) {
    const fresh = await deps.tokens.refresh('');
    if (fresh.kind !== 'token') return { decision: fresh.kind === 'rejected' ? 'needs-sign-in' : 'waiting' };
    token = fresh.token;
    refreshed = true;
  }
  for (;;) {
    const reply = await attempt(deps, entry, token);
    const decision = replayDecision(kindOf(entry), reply.outcome);
    if (decision === 'done' || decision === 'reject') {
      return { decision, status: reply.outcome === 'network-error' ? null : reply.outcome, message: reply.message };
    }
    if (decision === 'keep') return { decision: 'waiting' };
    // 401: one refresh, one retry. A second 401 with a token that just came back
    // from the server will not get better without the person.
    if (afterUnauthorized({ refreshed }) === 'keep-until-sign-in') return { decision: 'needs-sign-in' };
    const fresh = await deps.tokens.refresh(token);
    if (fresh.kind !== 'token') return { decision: fresh.kind === 'rejected' ? 'needs-sign-in' : 'waiting' };
    token = fresh.token;
    refreshed = true;
  }
}

async function attempt(
  deps: ReplayDeps,
  entry: QueuedSos,
  token: string,
): Promise<{ outcome: ReplayOutcome; message: string | null }> {
  let reply: Response;
  try {
    reply = await deps.send(await replayRequest(entry.request, token));
  } catch {
    return { outcome: 'network-error', message: null };
  }
  const outcome = reply.status;
  // Only a refused body's message is worth keeping, for the page to show.
  if (replayDecision(kindOf(entry), outcome) !== 'reject') return { outcome, message: null };
  // No JSON body: the status alone tells the page.
  const read = readCommandReply(kindOf(entry), outcome, await reply.json().catch(() => undefined));
  return { outcome, message: read.kind === 'refused' ? read.message : null };
}

function isExpired(deps: ReplayDeps, entry: QueuedSos): boolean {
  return deps.now() - entry.queuedAt > deps.retentionMs;
}

/** Workbox would delete it silently; the pages hear of it instead. */
async function reportExpired(deps: ReplayDeps, entry: QueuedSos): Promise<void> {
  await deps.onEvent({ type: 'rejected', entry, reason: 'expired', status: null, message: null });
  await deps.queue.remove(entry.id);
}

/** The entries left once those `untried` past the retention are gone. */
async function dropExpired(
  deps: ReplayDeps,
  entries: QueuedSos[],
  untried: (entry: QueuedSos) => boolean,
): Promise<QueuedSos[]> {
  const live: QueuedSos[] = [];
  for (const entry of entries) {
    if (untried(entry) && isExpired(deps, entry)) await reportExpired(deps, entry);
    else live.push(entry);
  }
  return live;
}

/** Only queued commands enter the queue; an entry of an older worker that is none is read as an SOS. */
function kindOf(entry: QueuedSos): CommandKind {
  return commandKindOf(entry.request.method, new URL(entry.request.url).pathname) ?? 'sos';
}

function isOwnedBy(entry: QueuedSos, userId: string): boolean {
  return entry.userId === '' || userId === '' || entry.userId === userId;
}
