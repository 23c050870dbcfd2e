import pg from 'pg';
import { errorLabel } from '#server/db/best-effort.ts';
import type { Db } from '#server/db/client.ts';
import type { Log } from '#server/log.ts';
import type { DeskEvent, DeskFeed, DeskFeedListener } from '#server/deps.ts';
import { SESSIONS_ENDED } from '#server/staff/staff-members.ts';
import { readDeskEvents } from './desk-events.ts';

/** The channel the `alert_events` trigger notifies (migration desk_live), and a staff removal too. */
export const DESK_FEED_CHANNEL = SESSIONS_ENDED.channel;

export type DeskFeedOptions = {
  db: Db;
  log: Log;
  /** How long to wait before connecting again after the connection was lost. */
  retryMs?: number;
};

/** `alertId:eventId:kind`, as the trigger writes it. */
export function parseFeedPayload(payload: string | undefined): DeskEvent | undefined {
  const [alertId, id, kind] = (payload ?? '').split(':');
  const eventId = Number(id);
  if (!alertId || !kind || !Number.isSafeInteger(eventId)) return undefined;
  return { id: eventId, alertId, kind };
}

/**
 * One LISTEN connection per server instance, shared by every desk it serves:
 * any instance's commit to `alert_events` reaches the desks connected here.
 * Connected only while a desk is. When the connection is lost it connects
 * again, re-reads from `alert_events` what was appended after the last event
 * it saw, and asks the desks to read their lists again: ids are handed out
 * before commits, so a slow transaction's event can sit below the last id seen.
 */
export function createDeskFeed({ db, log, retryMs = 1_000 }: DeskFeedOptions): DeskFeed {
  const listeners = new Set<DeskFeedListener>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let lastSeen = 0;
  let deaf = false;
  let closed = false;

  function emit(event: DeskEvent): void {
    if (event.id > lastSeen) lastSeen = event.id;
    for (const listener of listeners) listener.event(event);
  }

  function lost(gone: pg.Client): void {
    if (client !== gone) return;
    client = undefined;
    deaf = true;
    gone.end().catch(() => undefined);
    log.warn('canal en vivo de la mesa: conexión perdida, reconectando');
    scheduleConnect();
  }

  function scheduleConnect(): void {
    if (retry || listeners.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  }

  function connect(): Promise<void> {
    if (client || connecting || listeners.size === 0) return connecting ?? Promise.resolve();
    const next = new pg.Client(db.$client.options);
    // Heard while catching up, before this is the live connection: told once the catch-up is done.
    const heardEarly: DeskEvent[] = [];
    next.on('notification', (message) => {
      if (message.payload === SESSIONS_ENDED.payload) {
        if (client === next) for (const listener of listeners) listener.sessionsEnded?.();
        return;
      }
      const event = parseFeedPayload(message.payload);
      if (event && client === next) emit(event);
      else if (event) heardEarly.push(event);
    });
    // Lost before it is the live one (during the catch-up), `lost` cannot see it: this flag does.
    let dropped = false;
    const drop = () => {
      dropped = true;
      lost(next);
    };
    next.on('error', drop);
    next.on('end', drop);
    connecting = (async () => {
      try {
        await next.connect();
        await next.query(`listen ${DESK_FEED_CHANNEL}`);
        if (listeners.size === 0) {
          await next.end();
          return;
        }
        const caughtUp = deaf ? await catchUp() : new Set<number>();
        if (dropped) throw new Error('connection lost while catching up');
        for (const event of heardEarly) if (!caughtUp.has(event.id)) emit(event);
        client = next;
      } catch (error) {
        next.removeAllListeners('end');
        next.end().catch(() => undefined);
        log.warn(`canal en vivo de la mesa: ${errorLabel(error)}`);
        deaf = true;
        scheduleConnect();
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  }

  /**
   * What was appended while deaf, read once listening again, so that nothing falls between.
   * Answers the ids it told, so that a notification heard meanwhile is not told twice.
   */
  async function catchUp(): Promise<Set<number>> {
    const told = new Set<number>();
    // Never seen anything: nothing to re-read, the desks read their lists again.
    if (lastSeen > 0) {
      const missed = await readDeskEvents(db, lastSeen);
      for (const event of missed.events) {
        told.add(event.id);
        emit(event);
      }
    }
    deaf = false;
    for (const listener of listeners) listener.resync();
    return told;
  }

  async function disconnect(): Promise<void> {
    if (retry) clearTimeout(retry);
    retry = undefined;
    await connecting;
    // A desk that opened meanwhile has this connection now.
    if (listeners.size > 0) return;
    const current = client;
    client = undefined;
    deaf = false;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => undefined);
    }
  }

  return {
    async subscribe(listener) {
      if (closed) {
        listener.end();
        return () => undefined;
      }
      listeners.add(listener);
      await connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void disconnect();
      };
    },
    size: () => listeners.size,
    async close() {
      closed = true;
      for (const listener of listeners) listener.end();
      listeners.clear();
      await disconnect();
    },
  };
}
