import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS_NOT_QUEUED_MESSAGE, SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { hasSosUnderWay } from '#client/features/sos/press/page-queue.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeGeolocation, fakePermissions, fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

const HOUR_MS = 60 * 60_000;
const SENT = 'Alerta enviada a tus contactos';
const WAITING = 'Sin conexión: tu alerta se enviará automáticamente en cuanto haya señal';

const luis = aContact({ id: 'c1', phone: '+13055550199', email_verified_at: '2026-01-11T09:00:00.000Z' });
const rosa = aContact({
  id: 'c2',
  firstname: 'Rosa',
  lastname: 'Gómez',
  email: 'rosa@example.com',
  phone: '+5215512345678',
});
const pedro = aContact({
  id: 'c3',
  firstname: 'Pedro',
  lastname: 'Ruiz',
  email: 'pedro@example.com',
  phone: '+13055550188',
  email_verified_at: '2026-01-11T09:00:00.000Z',
  unsubscribed_at: '2026-02-01T09:00:00.000Z',
});

let stopBridge: () => void = () => undefined;

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(async () => {
  stopBridge();
  stopBridge = () => undefined;
  vi.unstubAllGlobals();
  onSessionExpired(() => undefined);
  await resetSos();
  resetAll();
});

const sosCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/active-button');
const queued = () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE });

/** The alert screen of a person whose alert is on, with the given contacts cached. */
function openAlertScreen(contacts = [luis], handlers: Parameters<typeof stubApi>[0] = {}) {
  signIn({ alert_status: true });
  const api = stubApi({ 'GET /api/contacts': () => ok(contacts), ...handlers });
  const app = renderApp('/web/active', { seed: (queryClient) => queryClient.setQueryData(['contacts'], contacts) });
  return { ...app, calls: api.calls };
}

describe('the alert screen', () => {
  it('changes from waiting to sent by itself when the worker reports the alert delivered', async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    signIn();
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': queued });
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(await screen.findByText(WAITING)).toBeTruthy();

    const key = sosCalls(calls)[0]?.headers['idempotency-key'] ?? '';
    const entry = { idempotencyKey: key, alert_status: '1', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [entry], oldestQueuedAt: entry.queuedAt }));
    expect(await screen.findByText('Guardado en este teléfono: 1 aviso por enviar.')).toBeTruthy();

    worker.send(queueStatus({ delivered: { idempotencyKey: key, alert_status: '1' } }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(screen.queryByText(WAITING)).toBeNull();
    expect(screen.getByRole('status', { name: 'Estado de tu alerta' }).textContent).toContain(SENT);
  });

  it.each([
    ['without Background Sync (an iPhone)', false],
    ['with Background Sync', true],
  ])('%s, says whether the app must stay open, and offers the SMS at once', async (_name, backgroundSync) => {
    const worker = fakeServiceWorker({ backgroundSync });
    stopBridge = startSosWorkerBridge();
    signIn();
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]), 'PUT /api/active-button': queued });
    const { router } = renderApp('/web/home', {
      seed: (queryClient) => queryClient.setQueryData(['contacts'], [luis]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    const key = sosCalls(calls)[0]?.headers['idempotency-key'] ?? '';
    const entry = { idempotencyKey: key, alert_status: '1', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [entry], oldestQueuedAt: entry.queuedAt }));

    const status = await screen.findByRole('status', { name: 'Estado de tu alerta' });
    await vi.waitFor(() => expect(status.textContent).toContain('Guardado en este teléfono: 1 aviso por enviar.'));
    const sms = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' });
    const keepOpen = 'Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.';
    if (backgroundSync) {
      // The probe answered (a registration accepted) and nothing is said.
      await vi.waitFor(() => expect(worker.syncTags()).toEqual(['background-sync-probe']));
      expect(screen.queryByText(keepOpen)).toBeNull();
    } else {
      // Said in the status, first on the screen, before the SMS.
      const line = await screen.findByText(keepOpen);
      expect(status.contains(line)).toBe(true);
      expect(line.compareDocumentPosition(sms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('ends the alert with FINALIZAR ALERTA: sends 2 and goes home', async () => {
    const { calls, router } = openAlertScreen([luis], {
      'PUT /api/active-button': () => ok({ alert_status: false, alert_id: 'alert-1' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    const [end, ...more] = sosCalls(calls);
    expect(more).toHaveLength(0);
    expect(end?.body).toMatchObject({ alert_status: '2', latitude: '', longitude: '' });
    expect(end?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(getSessionState().auth.alert_status).toBe(false);
    expect(window.dataLayer).toContainEqual({ event: 'panic_deactivate' });
    expect(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' })).toBeTruthy();
  });

  it.each([
    [
      'with Background Sync',
      true,
      'Sin conexión: el fin de tu alerta quedó guardado en este teléfono y se enviará en cuanto haya señal. Entonces te diremos si tus contactos recibieron algo.',
    ],
    [
      'without Background Sync, as on an iPhone: only while the app is open',
      false,
      'Sin conexión: el fin de tu alerta quedó guardado en este teléfono. Mantén la aplicación abierta hasta que diga «Tu alerta terminó»: cerrada, no se envía.',
    ],
  ])(
    'counts an end the worker queued as done, and says it is kept on this phone until there is signal (%s), promising the contacts nothing',
    async (_name, backgroundSync, waiting) => {
      fakeServiceWorker({ backgroundSync });
      const { router } = openAlertScreen([luis], { 'PUT /api/active-button': queued });
      fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
      expect(await screen.findByText(waiting)).toBeTruthy();
      expect(getSessionState().auth.alert_status).toBe(false);
    },
  );

  it('keeps the alert on when its end could be neither sent nor kept', async () => {
    fakeServiceWorker();
    const { router } = openAlertScreen([luis], {
      'PUT /api/active-button': () => json(503, { success: false, queued: false, message: SOS_NOT_QUEUED_MESSAGE }),
    });
    const end = await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    fireEvent.click(end);
    expect(
      await screen.findByText('No pudimos finalizar la alerta. Revisa tu conexión e inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/web/active');
    expect(getSessionState().auth.alert_status).toBe(true);
    expect((end as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers an SMS to the confirmed contacts with a map link to the person', async () => {
    const gps = fakeGeolocation();
    fakePermissions('granted');
    openAlertScreen([luis, rosa, pedro]);
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    gps.fix(19.4326, -99.1332);
    const sms = await screen.findByRole('link', { name: 'Enviar SMS a mis contactos' });
    await vi.waitFor(() => expect(sms.getAttribute('href')).toContain('mlat'));
    const href = sms.getAttribute('href') ?? '';
    // Only Luis confirmed (Pedro opted out of the e-mails, Rosa has not confirmed).
    expect(href.startsWith('sms:+13055550199?&body=')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf('&body=') + 6))).toBe(
      'Soy Ana López. Estoy en riesgo y necesito ayuda. Mi ubicación: https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332#map=17/19.4326/-99.1332',
    );
    expect(screen.queryByText(/nadie recibirá el correo de alerta/)).toBeNull();
  });

  it('says nobody gets the e-mail when no contact confirmed, and offers the SMS to all of them and a way to confirm them', async () => {
    openAlertScreen([rosa, pedro]);
    expect(
      await screen.findByText(/Ninguno de tus contactos ha confirmado su correo: nadie recibirá el correo de alerta\./),
    ).toBeTruthy();
    // Not "sent to your contacts": nobody gets it.
    expect(
      screen.getByText('Tu alerta llegó, pero ningún contacto la recibirá por correo: envíales un SMS.'),
    ).toBeTruthy();
    expect(screen.queryByText('Alerta enviada a tus contactos')).toBeNull();
    // Bad news in a warning box, never in the green one of a sent alert.
    const status = screen.getByRole('status', { name: 'Estado de tu alerta' });
    expect(status.className).toBe('sos-delivery sos-delivery--nobody');
    const href = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' }).getAttribute('href') ?? '';
    expect(href.startsWith('sms:+5215512345678,+13055550188?&body=')).toBe(true);
    // Without a position the message says who and that they are at risk, and no map.
    expect(decodeURIComponent(href.slice(href.indexOf('&body=') + 6))).toBe(
      'Soy Ana López. Estoy en riesgo y necesito ayuda.',
    );
    // Rosa can still confirm from her page; Pedro opted out.
    expect(screen.getByRole('link', { name: 'Rosa Gómez' }).getAttribute('href')).toBe('/web/contact/c2');
    expect(screen.queryByRole('link', { name: 'Pedro Ruiz' })).toBeNull();
  });

  it('asks the person to sign in when the worker holds requests only a new sign-in can send', async () => {
    expectConsole('warn');
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    const { router } = openAlertScreen();
    onSessionExpired(() => void router.navigate({ to: '/web/auth/signin', replace: true }));
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    worker.send(
      queueStatus({
        pending: 1,
        queued: [{ idempotencyKey: 'k1', alert_status: '1', queuedAt: Date.now() }],
        oldestQueuedAt: Date.now(),
        needsSignIn: true,
      }),
    );
    expect(await screen.findByText('Inicia sesión para enviar tu alerta pendiente')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Iniciar sesión' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(getSessionState().auth.access_token).toBe('');
  });

  it('says so prominently once an alert has waited 24 hours unsent', async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    openAlertScreen();
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    const day = 'Tu alerta lleva más de 24 horas sin enviarse. Envía un SMS a tus contactos ahora.';
    const waitingSince = (hours: number) => {
      const queuedAt = Date.now() - hours * HOUR_MS;
      worker.send(
        queueStatus({
          pending: 1,
          queued: [{ idempotencyKey: 'k1', alert_status: '1', queuedAt }],
          oldestQueuedAt: queuedAt,
        }),
      );
    };
    waitingSince(23);
    expect(await screen.findByText(WAITING)).toBeTruthy();
    expect(screen.queryByText(day)).toBeNull();
    waitingSince(25);
    expect(await screen.findByText(day)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enviar SMS a mis contactos' })).toBeTruthy();
  });

  it('shows each request the worker gave up on, then tells the worker it was shown', async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    openAlertScreen();
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    const rejected = (idempotencyKey: string, reason: 'invalid' | 'expired', message: string | null) => ({
      idempotencyKey,
      alert_status: '1',
      queuedAt: Date.now() - HOUR_MS,
      reason,
      status: reason === 'invalid' ? 422 : null,
      message,
      rejectedAt: Date.now(),
    });
    worker.send(
      queueStatus({
        rejected: [rejected('k1', 'invalid', 'La ubicación no es válida'), rejected('k2', 'expired', null)],
      }),
    );
    expect(
      await screen.findByText('No pudimos enviar una solicitud de tu alerta: La ubicación no es válida'),
    ).toBeTruthy();
    expect(screen.getByText('Una solicitud de tu alerta no se pudo enviar en 7 días y se descartó.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(worker.posted).toContainEqual({ type: 'sos-ack-rejected', idempotencyKeys: ['k1', 'k2'] }),
    );
    // Acknowledged, the worker forgets them; the screen still shows them.
    worker.send(queueStatus());
    expect(
      await screen.findByText('Una solicitud de tu alerta no se pudo enviar en 7 días y se descartó.'),
    ).toBeTruthy();
  });

  it('sends the first position within ten minutes of an alert that went out without one, once, with a new key', async () => {
    const gps = fakeGeolocation();
    // Not allowed before the press: home does not ask, so the alert goes out without a position.
    fakePermissions('prompt');
    signIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => ok({ alert_status: true, alert_id: 'a1' }),
    });
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    await screen.findByText(SENT);
    // Now the alert is out, the alert screen may ask for the position.
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    gps.fix(25.7617, -80.1918);
    await vi.waitFor(() => expect(sosCalls(calls)).toHaveLength(2));
    gps.fix(25.7618, -80.1919);

    const [press, update, ...more] = sosCalls(calls);
    expect(press?.body).toMatchObject({ alert_status: '1', latitude: '', longitude: '' });
    expect(update?.body).toMatchObject({ alert_status: '1', latitude: '25.7617', longitude: '-80.1918' });
    expect(update?.headers['idempotency-key']).not.toBe(press?.headers['idempotency-key']);
    // The second fix reached the screen (the SMS carries it), and nothing it may have started is still on its way.
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Enviar SMS a mis contactos' }).getAttribute('href')).toContain(
        'mlat%3D25.7618',
      ),
    );
    await vi.waitFor(() => expect(hasSosUnderWay()).toBe(false));
    expect(more).toHaveLength(0);
    expect(sosCalls(calls)).toHaveLength(2);
    expect(within(screen.getByRole('status', { name: 'Estado de tu alerta' })).getByText(SENT)).toBeTruthy();
  });
  it('sends no position after FINALIZAR ALERTA, even when the first fix comes while the end is on its way', async () => {
    const gps = fakeGeolocation();
    fakePermissions('prompt');
    signIn();
    let answerEnd = () => {};
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': (call) =>
        (call.body as { alert_status: string }).alert_status === '2'
          ? new Promise((resolve) => (answerEnd = () => resolve(ok({ alert_status: false, alert_id: 'a1' }))))
          : ok({ alert_status: true, alert_id: 'a1' }),
    });
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    await screen.findByText(SENT);
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'FINALIZAR ALERTA' }));
    await vi.waitFor(() => expect(sosCalls(calls)).toHaveLength(2));
    // Queued behind the end, a position update would reach the server with no alert on: a new press,
    // a new SOS e-mail to every contact seconds after the person ended it.
    gps.fix(25.7617, -80.1918);
    answerEnd();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    await vi.waitFor(() => expect(hasSosUnderWay()).toBe(false));
    expect(sosCalls(calls).map((call) => (call.body as { alert_status: string }).alert_status)).toEqual(['1', '2']);
    expect(getSessionState().auth.alert_status).toBe(false);
  });
});
