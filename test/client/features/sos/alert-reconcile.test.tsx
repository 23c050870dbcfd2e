import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import { getAlertStatus } from '#client/api/alert-status.ts';
import {
  ALERT_ALREADY_ENDED,
  checkAlertWithServer,
  startAlertReconcile,
} from '#client/features/sos/press/reconcile-alert.ts';
import { getSessionState, persistSessionNow, resetAll, restoreSession } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { getToasts } from '#client/ui/toast-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// The server's alert_status is the truth for an alert this phone is not still sending.
// A file of its own: the store is restored here, as in the app, so it writes through to IndexedDB.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  resetAll();
  await resetSos();
});

/** The app on `path`, its server saying `serverStatus`, and the check started as main.tsx starts it. */
async function openApp(path: string, phoneStatus: boolean, serverStatus: boolean) {
  await restoreSession();
  signIn({ alert_status: phoneStatus });
  await persistSessionNow();
  const api = stubApi({
    'GET /api/contacts': () => ok([luis]),
    'GET /api/alert-deliveries': () => ok({ alert_status: serverStatus, alert: null }),
  });
  const app = renderApp(path, { seed: (queryClient) => queryClient.setQueryData(['contacts'], [luis]) });
  const start = () =>
    stops.push(
      startAlertReconcile({
        path: () => app.router.state.location.pathname,
        goTo: (to) => void app.router.navigate({ to, replace: true }),
        askServer: getAlertStatus,
      }),
    );
  return { ...app, calls: api.calls, start };
}

const asks = (calls: { url: string }[]) => calls.filter((call) => call.url === '/api/alert-deliveries').length;

describe("the server's alert status", () => {
  it('ends an alert the phone still shows but the server ended, stored, and says so', async () => {
    const { router, start } = await openApp('/web/active', true, false);
    const before = getSessionState();
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    start();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(getSessionState()).toEqual({ ...before, auth: { ...before.auth, alert_status: false } });
    expect((await readStoredSession()).auth).toEqual(getSessionState().auth);
    expect(getToasts().map((toast) => toast.message)).toEqual([ALERT_ALREADY_ENDED]);
    expect(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' })).toBeTruthy();
  });

  it('keeps the alert screen while the worker still holds a request of this phone', async () => {
    const worker = fakeServiceWorker();
    stops.push(startSosWorkerBridge());
    const { router, calls, start } = await openApp('/web/active', true, false);
    const entry = { idempotencyKey: 'k1', alert_status: '1', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [entry], oldestQueuedAt: entry.queuedAt }));
    await screen.findByText('Guardado en este teléfono: 1 aviso por enviar.');
    start();
    await checkAlertWithServer();

    expect(getSessionState().auth.alert_status).toBe(true);
    expect(asks(calls)).toBe(0);
    expect(router.state.location.pathname).toBe('/web/active');
    expect((await readStoredSession()).auth.alert_status).toBe(true);
  });

  it('shows the alert screen when the server has an alert the phone does not know of', async () => {
    const { router, start } = await openApp('/web/home', false, true);
    await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    start();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' })).toBeTruthy();
    expect((await readStoredSession()).auth.alert_status).toBe(true);
  });

  it('keeps the alert while offline, and follows the server once the network is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router, start } = await openApp('/web/active', true, false);
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    start();
    await checkAlertWithServer();
    expect(router.state.location.pathname).toBe('/web/active');
    expect(getSessionState().auth.alert_status).toBe(true);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(getSessionState().auth.alert_status).toBe(false);
  });

  it('comes back to the alert screen, and says why, when an end sent without signal is refused', async () => {
    const worker = fakeServiceWorker();
    stops.push(startSosWorkerBridge());
    // Ended offline with a wrong PIN: the phone went home, the worker keeps the end, the server's alert goes on.
    const { router, start } = await openApp('/web/home', false, true);
    const end = { idempotencyKey: 'end-1', alert_status: '2', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [end], oldestQueuedAt: end.queuedAt }));
    await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    start();
    await checkAlertWithServer();
    expect(router.state.location.pathname).toBe('/web/home');

    // Back online, the worker sends it and the server refuses the PIN.
    const refused = {
      ...end,
      reason: 'invalid' as const,
      status: 422,
      message: 'PIN incorrecto.',
      rejectedAt: Date.now(),
    };
    worker.send(queueStatus({ rejected: [refused] }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(
      await screen.findByText('No pudimos finalizar tu alerta: PIN incorrecto. Tu alerta sigue activa.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'FINALIZAR ALERTA' })).toBeTruthy();
    expect(getSessionState().auth.alert_status).toBe(true);
    expect((await readStoredSession()).auth.alert_status).toBe(true);
  });
});
