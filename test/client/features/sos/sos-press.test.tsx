import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { SOS_NOT_QUEUED_MESSAGE, SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { getSessionState, resetAll, setUi } from '#client/lib/session/session-store.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { aSession, signIn } from '../../support/session.ts';
import { fakeGeolocation, fakePermissions, fakeServiceWorker } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SOS_BUTTON = { name: 'SOS: avisar a mis contactos' };
const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });

beforeEach(() => {
  signIn();
  window.dataLayer = [];
});

afterEach(async () => {
  vi.unstubAllGlobals();
  onSessionExpired(() => undefined);
  await resetSos();
  resetAll();
});

const sosCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/active-button');
const alertCreated = () => ok({ alert_status: true, alert_id: 'alert-1' });
const queued = () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE });

async function pressSos() {
  fireEvent.click(await screen.findByRole('button', SOS_BUTTON));
}

/** Home, SOS pressed: the alert screen, saying the alert waits for signal. */
async function pressUntilWaitingForSignal() {
  const { router } = renderApp('/web/home');
  await pressSos();
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
  expect(
    await screen.findByText('Sin conexión: tu alerta se enviará automáticamente en cuanto haya señal'),
  ).toBeTruthy();
}

describe('pressing SOS', () => {
  it('sends one alert with the last known position, time zone and press time, and shows it was sent', async () => {
    const gps = fakeGeolocation();
    fakePermissions('granted');
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': alertCreated });
    const { router } = renderApp('/web/home');
    // Allowed already: home watches by itself, with high accuracy.
    // Home's first visit transforms its modules on demand: slow on a busy machine (dom-timeouts.ts).
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    expect(gps.geolocation.watchPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true });
    gps.fix(25.7617, -80.1918, 11.2);
    const before = Date.now();

    await pressSos();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();

    const [sos, ...more] = sosCalls(calls);
    expect(more).toHaveLength(0);
    expect(sos?.method).toBe('PUT');
    expect(sos?.headers['idempotency-key']).toMatch(UUID);
    expect(sos?.headers.authorization).toBe('Bearer access-1');
    expect(sos?.body).toEqual({
      alert_status: '1',
      latitude: '25.7617',
      longitude: '-80.1918',
      // Metres, rounded up: the desk never shows the position better than the phone said.
      accuracy: 12,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      pressed_at: expect.any(String),
    });
    const pressedAt = Date.parse((sos?.body as { pressed_at: string }).pressed_at);
    expect(pressedAt).toBeGreaterThanOrEqual(before - 1);
    expect(pressedAt).toBeLessThanOrEqual(Date.now());
    expect(getSessionState().auth.alert_status).toBe(true);
    expect(window.dataLayer).toContainEqual({ event: 'panic_activate' });
    // Analytics never carry the position or the person.
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/25\.76|80\.19|Ana|access-1/);
  });

  it('leaves out an accuracy the server would refuse (a fix from a network guess), never the position', async () => {
    const gps = fakeGeolocation();
    fakePermissions('granted');
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': alertCreated });
    const { router } = renderApp('/web/home');
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    gps.fix(25.7617, -80.1918, 150_000);
    await pressSos();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(sosCalls(calls)[0]?.body).toEqual({
      alert_status: '1',
      latitude: '25.7617',
      longitude: '-80.1918',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      pressed_at: expect.any(String),
    });
  });

  it('sends empty coordinates when no position is known, without waiting for one', async () => {
    // Asked but not yet allowed: home does not prompt, so there is no fix at the press.
    const gps = fakeGeolocation();
    fakePermissions('prompt');
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': alertCreated });
    const { router } = renderApp('/web/home');
    await pressSos();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(sosCalls(calls)[0]?.body).toMatchObject({ alert_status: '1', latitude: '', longitude: '' });
    expect(gps.geolocation.watchPosition.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('disables the button while the request is in flight and shows the alert screen before the server answers, never claiming it was sent', async () => {
    // A slow server, and no worker to cut the wait short.
    let answer: (reply: Response) => void = () => undefined;
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { router } = renderApp('/web/home');
    const button = await screen.findByRole('button', SOS_BUTTON);
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(await screen.findByText('Enviando tu alerta…')).toBeTruthy();
    expect(screen.queryByText('Alerta enviada a tus contactos')).toBeNull();
    expect(sosCalls(calls)).toHaveLength(1);

    // The answer comes after all: now, and only now, the screen says so.
    answer(alertCreated());
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    expect(window.dataLayer).toContainEqual({ event: 'panic_activate' });
  });

  it('treats a request the worker queued as success and says the alert waits for signal', async () => {
    const worker = fakeServiceWorker();
    stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': queued });
    await pressUntilWaitingForSignal();
    expect(screen.getByText('Guardado en este teléfono: 1 aviso por enviar.')).toBeTruthy();
    expect(screen.queryByText('Alerta enviada a tus contactos')).toBeNull();
    expect(getSessionState().auth.alert_status).toBe(true);
    expect(window.dataLayer).toContainEqual({ event: 'panic_activate' });
    // The alert screen asks the worker where its queue stands.
    expect(worker.posted).toContainEqual({ type: 'sos-status' });
  });

  it('refreshes an expired session and resends the same request with the same key', async () => {
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'POST /api/refresh': () => ok(aSession({ access_token: 'access-2', refresh_token: 'refresh-2' })),
      'PUT /api/active-button': (call) =>
        call.headers.authorization === 'Bearer access-2'
          ? alertCreated()
          : json(401, { success: false, message: 'Sesión expirada' }),
    });
    const { router } = renderApp('/web/home');
    await pressSos();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    const [first, second, ...more] = sosCalls(calls);
    expect(more).toHaveLength(0);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers.authorization).toBe('Bearer access-2');
    expect(getSessionState().auth).toMatchObject({ access_token: 'access-2', alert_status: true });
  });

  it('hands the alert to the worker queue when the session cannot be refreshed, and only then ends the session', async () => {
    expectConsole('warn');
    fakeServiceWorker();
    // A UI slice of its own, so an end of session that kept it would show.
    setUi({ isDark: true, sidebarCollapsed: true, language: 'es' });
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'POST /api/refresh': () =>
        json(401, { success: false, message: 'La sesión ya no es válida. Inicia sesión de nuevo.' }),
      'PUT /api/active-button': (call) =>
        call.headers['x-sos-queue-only'] === '1' ? queued() : json(401, { success: false, message: 'Sesión expirada' }),
    });
    const { router } = renderApp('/web/home');
    onSessionExpired(() => void router.navigate({ to: '/web/auth/signin', replace: true }));
    await pressSos();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    const [first, queueOnly, ...more] = sosCalls(calls);
    expect(more).toHaveLength(0);
    expect(queueOnly?.headers['x-sos-queue-only']).toBe('1');
    expect(queueOnly?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(queueOnly?.body).toEqual(first?.body);
    expect(calls.filter((call) => call.url === '/api/refresh')).toHaveLength(1);
    // Every slice back to its defaults, not just the token.
    expect(getSessionState()).toEqual(defaultSessionState());
    expect(console.warn).toHaveBeenCalledWith('Sesión expirada');
    expect(await screen.findByText('Tu sesión expiró. Inicia sesión para enviar tu alerta pendiente.')).toBeTruthy();
  });

  it.each([
    ['a 503', () => json(503, { success: false, message: 'Servicio no disponible' })],
    ['a 429', () => json(429, { success: false, message: 'Demasiadas solicitudes' })],
    ['a 200 it cannot read (a portal page)', () => new Response('<html></html>', { status: 200 })],
  ])(
    'hands the alert to the worker and keeps the session when the refresh after a 401 meets %s: the worker refreshes when it can',
    async (_name, refreshReply) => {
      fakeServiceWorker();
      const { calls } = stubApi({
        'GET /api/contacts': () => ok([luis]),
        'POST /api/refresh': refreshReply,
        'PUT /api/active-button': (call) =>
          call.headers['x-sos-queue-only'] === '1'
            ? queued()
            : json(401, { success: false, message: 'Sesión expirada' }),
      });
      const before = getSessionState().auth;
      let expired = false;
      onSessionExpired(() => (expired = true));
      await pressUntilWaitingForSignal();
      const [first, queueOnly, ...more] = sosCalls(calls);
      expect(more).toHaveLength(0);
      expect(queueOnly?.headers['x-sos-queue-only']).toBe('1');
      expect(queueOnly?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
      expect(expired).toBe(false);
      expect(getSessionState().auth).toEqual({ ...before, alert_status: true });
      expect(screen.queryByText(/Tu sesión expiró/)).toBeNull();
    },
  );

  it('says so and offers the SMS when the worker could neither send nor keep the alert', async () => {
    fakeServiceWorker();
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => json(503, { success: false, queued: false, message: SOS_NOT_QUEUED_MESSAGE }),
    });
    const { router } = renderApp('/web/home');
    await pressSos();
    expect(await screen.findByText(SOS_NOT_QUEUED_MESSAGE)).toBeTruthy();
    const sms = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' });
    expect(sms.getAttribute('href')).toMatch(/^sms:\+13055550199\?&body=/);
    expect(router.state.location.pathname).toBe('/web/home');
    expect(getSessionState().auth.alert_status).toBe(false);
    expect(window.dataLayer).not.toContainEqual({ event: 'panic_activate' });
    // The button is there to try again.
    expect((screen.getByRole('button', SOS_BUTTON) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows why the server refused the alert and offers the SMS', async () => {
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () =>
        json(422, { success: false, message: 'Los datos enviados no son válidos.', errors: {} }),
    });
    const { router } = renderApp('/web/home');
    await pressSos();
    expect(
      await screen.findByText(
        'No pudimos enviar tu alerta: Los datos enviados no son válidos. Envía un SMS a tus contactos.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enviar SMS a mis contactos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/web/home');
    expect(getSessionState().auth.alert_status).toBe(false);
  });
});
