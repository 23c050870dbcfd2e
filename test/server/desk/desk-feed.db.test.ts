import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskEvent } from '#server/deps.ts';
import { createDeskFeed } from '#server/desk/desk-feed.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { newestAlertId, shareWithFirm } from '#test/support/desk-people.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The desk's feed: one LISTEN per instance, told by a trigger of every line
// appended to an alert's log, whichever instance appended it.

type Heard = { events: DeskEvent[]; resyncs: number };

function listener(heard: Heard) {
  return { event: (event: DeskEvent) => heard.events.push(event), resync: () => heard.resyncs++, end: () => undefined };
}

/** The log of one alert as the desk may be told of it, oldest first. */
async function loggedEvents(t: TestApp, alertId: string): Promise<DeskEvent[]> {
  const { rows } = await t.pool.query<{ id: string; kind: string }>(
    'select id, kind from alert_events where alert_ids @> array[$1]::uuid[] order by id',
    [alertId],
  );
  return rows.map((row) => ({ id: Number(row.id), alertId, kind: row.kind }));
}

/** The backends that LISTEN for the desk feed now. */
async function listening(t: TestApp): Promise<number[]> {
  const { rows } = await t.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and query = 'listen desk_feed'`,
  );
  return rows.map((row) => row.pid);
}

/** Ends these backends, as a failover or a network cut would end their connections. */
async function terminate(t: TestApp, pids: number[]): Promise<void> {
  await t.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
}

/**
 * Cuts the feed's connection and holds its reconnection in the catch-up: its read of the log waits
 * behind a lock on it while `meanwhile` runs, given the new connection's backend; then lets it go.
 */
async function whileCatchingUp(t: TestApp, meanwhile: (again: number[]) => Promise<void>): Promise<void> {
  const before = await listening(t);
  const blocker = await t.pool.connect();
  try {
    await blocker.query('begin');
    await blocker.query('lock table alert_events in access exclusive mode');
    await terminate(t, before);
    await expect
      .poll(async () => (await listening(t)).filter((pid) => !before.includes(pid)), { timeout: 15_000 })
      .toHaveLength(1);
    const again = (await listening(t)).filter((pid) => !before.includes(pid));
    await expect
      .poll(async () => {
        const { rows } = await t.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%alert_events%'`,
        );
        return rows[0]!.n;
      })
      .toBeGreaterThan(0);
    await meanwhile(again);
  } finally {
    await blocker.query('rollback');
    blocker.release();
  }
}

describe('the desk feed', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
  });
  afterAll(async () => {
    await b.close({ keepDatabase: true });
    await a.close();
  });

  /** A feed of its own on instance b, `retryMs` between reconnections, and a desk listening to it. */
  async function listeningFeed(retryMs: number) {
    const log = captureLog();
    const feed = createDeskFeed({ db: b.db, log, retryMs });
    const heard: Heard = { events: [], resyncs: 0 };
    const unsubscribe = await feed.subscribe(listener(heard));
    return { log, feed, heard, unsubscribe };
  }

  /** A person who shares their alerts with the firm presses SOS on instance a. */
  async function sharedPress(tag: string, contact: [string, string]) {
    const { me } = await personWithConfirmedContacts(a, tag, [contact]);
    await shareWithFirm(a, me);
    await press(a, me, { alert_status: '1', ...MEXICO });
    return { me, alertId: await newestAlertId(a, me) };
  }

  it('tells a desk on one instance of a press made through another, line for line as logged', async () => {
    const heard: Heard = { events: [], resyncs: 0 };
    const unsubscribe = await b.deskFeed.subscribe(listener(heard));
    const { me } = await personWithConfirmedContacts(a, 'feed-otra', [['Luis', 'Díaz']]);
    await shareWithFirm(a, me);
    expect((await press(a, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const alertId = await newestAlertId(a, me);
    const logged = await loggedEvents(a, alertId);
    expect(logged.map((event) => event.kind)).toContain('alert-started');
    await expect.poll(() => heard.events.filter((event) => event.alertId === alertId)).toEqual(logged);
    expect(heard.resyncs).toBe(0);
    unsubscribe();
    await expect.poll(() => b.deskFeed.size()).toBe(0);
  });

  it('says nothing of a person who does not share their alerts with the firm', async () => {
    const heard: Heard = { events: [], resyncs: 0 };
    const unsubscribe = await b.deskFeed.subscribe(listener(heard));
    const hidden = await personWithConfirmedContacts(a, 'feed-sin', [['Eva', 'Gil']]);
    const shared = await personWithConfirmedContacts(a, 'feed-con', [['Leo', 'Paz']]);
    await shareWithFirm(a, shared.me);
    await press(a, hidden.me, { alert_status: '1', ...MEXICO });
    await press(a, shared.me, { alert_status: '1', ...MEXICO });
    const sharedAlert = await newestAlertId(a, shared.me);
    // Notifications arrive in commit order: once the second press is heard, the first would have been.
    await expect.poll(() => heard.events).toEqual(await loggedEvents(a, sharedAlert));
    unsubscribe();
  });

  it('after losing its connection, reads what was logged meanwhile and asks the desks to read again', async () => {
    const { log, feed, heard, unsubscribe } = await listeningFeed(1_000);
    // Something seen first, so the feed knows where it was.
    const { me, alertId: first } = await sharedPress('feed-sorda', ['Ana', 'Ruiz']);
    await expect.poll(() => heard.events.length).toBeGreaterThan(0);

    await terminate(a, await listening(a));
    await expect.poll(() => log.text()).toContain('conexión perdida');
    // Deaf for a second: the end is logged and notified while nobody of this instance listens.
    expect((await press(a, me, { alert_status: '2' })).status).toBe(200);
    const logged = await loggedEvents(a, first);
    // Heard once the feed is back: after its retry pause and a new connection, which on a loaded
    // machine take longer than a poll's default second.
    await expect.poll(() => heard.events, { timeout: 15_000 }).toEqual(logged);
    expect(heard.resyncs).toBe(1);
    unsubscribe();
    await feed.close();
  });

  it('a desk that opens just as the last one closed hears the alerts: the closing does not end its connection', async () => {
    const feed = createDeskFeed({ db: b.db, log: captureLog(), retryMs: 100 });
    const first: Heard = { events: [], resyncs: 0 };
    const leave = await feed.subscribe(listener(first));
    const heard: Heard = { events: [], resyncs: 0 };
    leave();
    const unsubscribe = await feed.subscribe(listener(heard));
    const { alertId } = await sharedPress('feed-relevo', ['Eli', 'Mora']);
    await expect.poll(() => heard.events, { timeout: 15_000 }).toEqual(await loggedEvents(a, alertId));
    unsubscribe();
    await feed.close();
  });

  it('a connection lost while it caught up is not kept as live: it connects again and hears what followed', async () => {
    const { feed, heard, unsubscribe } = await listeningFeed(100);
    const { me, alertId } = await sharedPress('feed-corte', ['Noa', 'Ruiz']);
    await expect.poll(() => heard.events.length).toBeGreaterThan(0);

    await whileCatchingUp(a, async (again) => {
      await terminate(a, again);
      await expect.poll(async () => (await listening(a)).filter((pid) => again.includes(pid))).toEqual([]);
    });
    expect((await press(a, me, { alert_status: '2' })).status).toBe(200);
    await expect.poll(() => heard.events, { timeout: 15_000 }).toEqual(await loggedEvents(a, alertId));
    unsubscribe();
    await feed.close();
  });

  it('a line notified while it catches up is told once, after what it caught up', async () => {
    const { feed, heard, unsubscribe } = await listeningFeed(100);
    const { alertId } = await sharedPress('feed-entre', ['Ivo', 'Sanz']);
    const logged = await loggedEvents(a, alertId);
    await expect.poll(() => heard.events).toEqual(logged);

    // A line committed after the catch-up's read: only its notification brings it.
    const late = { id: logged.at(-1)!.id + 1_000_000, alertId, kind: 'note-added' };
    await whileCatchingUp(a, async () => {
      await a.pool.query('select pg_notify($1, $2)', ['desk_feed', `${alertId}:${late.id}:${late.kind}`]);
    });
    await expect.poll(() => heard.events, { timeout: 15_000 }).toEqual([...logged, late]);
    expect(heard.resyncs).toBe(1);
    unsubscribe();
    await feed.close();
  });
});
