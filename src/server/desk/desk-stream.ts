import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { errorLabel } from '#server/db/best-effort.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import type { Log } from '#server/log.ts';
import { DESK_STREAM_EVENTS } from '#shared/api/desk-live.ts';
import type { DeskEvent, DeskFeed } from '#server/deps.ts';
import { lastDeskEventId, readDeskEvents } from './desk-events.ts';
import { streamSessionStands } from './stream-session.ts';

/** A comment this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** What the browser waits before reconnecting when the stream ends. */
const RETRY_MS = 2_000;
/** Events waiting for a desk that does not read: past this many, it is told to read everything again instead. */
const MAX_WAITING = 1_000;

export type DeskStreamDeps = { db: Db; clock: Clock; deskFeed: DeskFeed; log: Log; heartbeatMs?: number };

type Waiting = DeskEvent | 'resync' | 'end' | 'check';

/** `Last-Event-ID` as the browser sends it back: an id we gave, or nothing. */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/**
 * GET /api/desk/stream: Server-Sent Events whose ids are `alert_events` ids.
 * Every line appended to an alert's log (at any instance) becomes an `alert`
 * event with the alert's id and the line's kind; the desk reads the card or
 * case again. A desk that comes back with `Last-Event-ID` is sent every line
 * after it first; a new one gets `ready` with the newest id. `resync` asks the
 * desk to read all it shows again (this instance's feed was deaf a while, or
 * the desk fell too far behind). Mounted behind the staff check.
 */
export function deskStreamHandler({ db, clock, deskFeed, log, heartbeatMs = HEARTBEAT_MS }: DeskStreamDeps) {
  return (c: Context<AppEnv>) => {
    const after = parseLastEventId(c.req.header('last-event-id'));
    const sessionId = c.get('staffSessionId');
    // Looked at with each keep-alive, and at once when a removal says so: a stream outlives no
    // sign-out, removal or idle end.
    const stands = () => streamSessionStands(db, sessionId, clock.now());
    return streamSSE(c, async (stream) => {
      const waiting: Waiting[] = [];
      let wake: (() => void) | undefined;
      const add = (item: Waiting) => {
        if (waiting.length >= MAX_WAITING) waiting.splice(0, waiting.length, 'resync');
        waiting.push(item);
        wake?.();
      };
      // Listening before reading the log: a line committed meanwhile is in one or the other, or both.
      const unsubscribe = await deskFeed.subscribe({
        event: (event) => add(event),
        resync: () => add('resync'),
        end: () => add('end'),
        sessionsEnded: () => add('check'),
      });
      stream.onAbort(() => add('end'));
      try {
        // The instance began stopping, or the desk left, while the feed connected.
        if (waiting.includes('end')) return;
        const replayed = await start(stream, after);
        await relay(stream, waiting, replayed, (resolve) => (wake = resolve), stands);
      } catch (error) {
        log.warn(`canal en vivo de la mesa: ${errorLabel(error)}`);
      } finally {
        unsubscribe();
      }
    });
  };

  /** The lines the desk missed, or where it starts; those sent, not to send twice. */
  async function start(stream: SSEStreamingApi, after: number | undefined): Promise<Set<string>> {
    const sent = new Set<string>();
    if (after !== undefined) {
      const replay = await readDeskEvents(db, after);
      if (!replay.more) {
        for (const event of replay.events) {
          await send(stream, event);
          sent.add(sentKey(event));
        }
        return sent;
      }
    }
    const newest = await lastDeskEventId(db);
    const event = after === undefined ? DESK_STREAM_EVENTS.ready : DESK_STREAM_EVENTS.resync;
    await stream.writeSSE({ event, id: String(newest), data: '{}', retry: RETRY_MS });
    return sent;
  }

  async function relay(
    stream: SSEStreamingApi,
    waiting: Waiting[],
    replayed: Set<string>,
    onWake: (resolve: () => void) => void,
    stands: () => Promise<boolean>,
  ): Promise<void> {
    for (;;) {
      while (waiting.length > 0) {
        const item = waiting.shift()!;
        if (item === 'end' || stream.aborted) return;
        if (item === 'check') {
          if (!(await stands())) return;
        } else if (item === 'resync') await stream.writeSSE({ event: DESK_STREAM_EVENTS.resync, data: '{}' });
        else if (!replayed.delete(sentKey(item))) await send(stream, item);
      }
      let timer: NodeJS.Timeout | undefined;
      const woken = await new Promise<boolean>((resolve) => {
        onWake(() => resolve(true));
        timer = setTimeout(() => resolve(false), heartbeatMs);
      });
      clearTimeout(timer);
      if (woken || waiting.length > 0) continue;
      if (!(await stands())) return;
      await stream.write(': en vivo\n\n');
    }
  }
}

/** An event concerning several alerts is sent once for each (docs/decisions/040). */
const sentKey = (event: DeskEvent) => `${event.id}:${event.alertId}`;

function send(stream: SSEStreamingApi, event: DeskEvent): Promise<void> {
  return stream.writeSSE({
    event: DESK_STREAM_EVENTS.alert,
    id: String(event.id),
    data: JSON.stringify({ alertId: event.alertId, kind: event.kind }),
  });
}
