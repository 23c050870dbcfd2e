import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import { withSessionLock } from '#client/lib/session/session-lock.ts';
import {
  getSessionState,
  resetAll,
  restoreSession,
  saveSessionSoon,
  setAuth,
  setUi,
} from '#client/lib/session/session-store.ts';
import { holdWorkerMessages } from '#client/lib/sos-worker/early-messages.ts';
import { getSosQueueView } from '#client/lib/sos-worker/sos-queue-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

const MINUTE_MS = 60_000;
let stop: () => void = () => undefined;

beforeEach(() => signIn());

afterEach(async () => {
  stop();
  stop = () => undefined;
  vi.useRealTimers();
  await resetSos();
  resetAll();
});

const replays = (posted: unknown[]) =>
  posted.filter((message) => (message as { type: string }).type === 'sos-replay').length;

describe('messages between the page and the worker', () => {
  it('asks for the queue status at start and keeps what the worker reports', async () => {
    const worker = fakeServiceWorker();
    stop = startSosWorkerBridge();
    expect(worker.posted).toContainEqual({ type: 'sos-status' });
    worker.send(queueStatus({ pending: 2, oldestQueuedAt: 1 }));
    worker.send({ type: 'sos-queue', pending: 'many' });
    worker.send('not ours');
    expect(getSosQueueView().status).toMatchObject({ pending: 2, oldestQueuedAt: 1 });
  });

  it('keeps the messages that come before the bridge has loaded, in order', async () => {
    const worker = fakeServiceWorker();
    holdWorkerMessages();
    worker.send(queueStatus({ pending: 1 }));
    worker.send(queueStatus({ pending: 3 }));
    expect(getSosQueueView().status).toBeNull();
    stop = startSosWorkerBridge();
    expect(getSosQueueView().status?.pending).toBe(3);
    worker.send(queueStatus({ pending: 0 }));
    expect(getSosQueueView().status?.pending).toBe(0);
  });

  it('asks for replays while requests wait: after 5 s, 15 s, then every 30 s, and at once when back online', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = fakeServiceWorker();
    stop = startSosWorkerBridge();
    const atStart = replays(worker.posted);
    worker.send(queueStatus({ pending: 1, oldestQueuedAt: Date.now() }));

    vi.advanceTimersByTime(4_999);
    expect(replays(worker.posted)).toBe(atStart);
    vi.advanceTimersByTime(1);
    expect(replays(worker.posted)).toBe(atStart + 1);
    vi.advanceTimersByTime(15_000);
    expect(replays(worker.posted)).toBe(atStart + 2);
    vi.advanceTimersByTime(30_000);
    expect(replays(worker.posted)).toBe(atStart + 3);
    vi.advanceTimersByTime(29_999);
    expect(replays(worker.posted)).toBe(atStart + 3);
    vi.advanceTimersByTime(1);
    expect(replays(worker.posted)).toBe(atStart + 4);
    vi.advanceTimersByTime(30_000);
    expect(replays(worker.posted)).toBe(atStart + 5);

    window.dispatchEvent(new Event('online'));
    expect(replays(worker.posted)).toBe(atStart + 6);
    vi.advanceTimersByTime(5_000);
    expect(replays(worker.posted)).toBe(atStart + 7);

    // Nothing waits any more: no more asking.
    worker.send(queueStatus({ pending: 0 }));
    vi.advanceTimersByTime(10 * MINUTE_MS);
    expect(replays(worker.posted)).toBe(atStart + 7);
  });

  it('asks for a replay when the app comes back to the front and after a sign-in', () => {
    const worker = fakeServiceWorker();
    resetAll();
    stop = startSosWorkerBridge();
    const before = replays(worker.posted);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(replays(worker.posted)).toBe(before + 1);
    signIn();
    expect(replays(worker.posted)).toBe(before + 2);
  });

  it('brings the alert screen back when an alert that waited for a sign-in reaches the server', () => {
    const worker = fakeServiceWorker();
    stop = startSosWorkerBridge();
    const entry = { idempotencyKey: 'k1', alert_status: '1', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [entry], oldestQueuedAt: entry.queuedAt, needsSignIn: true }));
    worker.send(queueStatus({ delivered: { idempotencyKey: 'k1', alert_status: '1' } }));
    expect(getSessionState().auth.alert_status).toBe(true);
  });

  it('leaves the alert off when its end is still queued behind it', () => {
    const worker = fakeServiceWorker();
    stop = startSosWorkerBridge();
    const start = { idempotencyKey: 'k1', alert_status: '1', queuedAt: Date.now() };
    const end = { idempotencyKey: 'k2', alert_status: '2', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 2, queued: [start, end], oldestQueuedAt: start.queuedAt, needsSignIn: true }));
    worker.send(
      queueStatus({
        pending: 1,
        queued: [end],
        oldestQueuedAt: end.queuedAt,
        delivered: { idempotencyKey: 'k1', alert_status: '1' },
      }),
    );
    expect(getSessionState().auth.alert_status).toBe(false);
  });
});

/** The page's own save of its session has landed (saves are debounced). */
async function savedByThePage() {
  // The save the restore scheduled, done now: jsdom has no Web Locks, so the lock the writes below take
  // does not hold it back as a browser's would, and it could land between their read and write.
  await saveSessionSoon();
  await vi.waitFor(async () =>
    expect((await readStoredSession()).auth).toMatchObject({ access_token: 'access-1', id: 'u1' }),
  );
}

describe('tokens the worker rotated', () => {
  it('are taken at once, and the page never writes the old refresh token back', async () => {
    signIn({ alert_status: true, issued_at: new Date(Date.now() - 2 * MINUTE_MS).toISOString() });
    await restoreSession();
    await savedByThePage();
    const worker = fakeServiceWorker();
    stop = startSosWorkerBridge();
    // The worker refreshed during a replay and wrote the store (its copy does not know of the alert yet).
    // Under the lock the worker takes too.
    const rotated = { access_token: 'access-2', refresh_token: 'refresh-2', issued_at: new Date().toISOString() };
    await withSessionLock(async () => {
      const stored = await readStoredSession();
      await writeStoredSession({ ...stored, auth: { ...getSessionState().auth, ...rotated, alert_status: false } });
    });
    worker.send({ type: 'sos-session-updated' });

    await vi.waitFor(() => expect(getSessionState().auth).toMatchObject({ ...rotated, alert_status: true }));
    setUi({ isDark: true });
    await vi.waitFor(async () => expect((await readStoredSession()).ui.isDark).toBe(true));
    expect((await readStoredSession()).auth).toMatchObject({ ...rotated, alert_status: true });
  });

  it('win over the older ones a page is about to save, even without the message', async () => {
    signIn({ issued_at: new Date(Date.now() - 2 * MINUTE_MS).toISOString() });
    await restoreSession();
    await savedByThePage();
    const rotated = { access_token: 'access-3', refresh_token: 'refresh-3', issued_at: new Date().toISOString() };
    await withSessionLock(async () => {
      const stored = await readStoredSession();
      await writeStoredSession({ ...stored, auth: { ...getSessionState().auth, ...rotated } });
    });
    setAuth({ alert_status: true });
    await vi.waitFor(async () => expect((await readStoredSession()).auth.alert_status).toBe(true));
    expect((await readStoredSession()).auth).toMatchObject(rotated);
    expect(getSessionState().auth).toMatchObject(rotated);
  });
});
