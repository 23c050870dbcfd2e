import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckIn } from '#shared/api/check-ins.ts';
import { SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { getAlertStatus } from '#client/api/alert-status.ts';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';
import { startAlertReconcile } from '#client/features/sos/press/reconcile-alert.ts';
import { setWaitingCall } from '#client/features/check-in/check-in-waiting.ts';
import { OK_WAITS_FOR_SIGN_IN } from '#client/features/check-in/check-in-texts.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';
import { typeInto } from '../../support/type-into.ts';

// 'Avísales si no vuelvo': set from home, shown running on home with the time
// left, closed with 'Estoy bien', extended with 'Necesito más tiempo'.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const MINUTE = 60_000;

function aCheckIn(overrides: Partial<CheckIn> = {}): CheckIn {
  const due = new Date(Date.now() + 90 * MINUTE);
  return {
    id: 'ci1',
    purpose: 'cita-inmigracion',
    place: 'Oficina de Miami',
    due_at: due.toISOString(),
    status: 'running',
    fired_alert_id: null,
    created_at: new Date().toISOString(),
    remind_at: new Date(due.getTime() - 10 * MINUTE).toISOString(),
    ...overrides,
  };
}

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'Ruiz', phone: '+15550001111' };
const checkInCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.startsWith('/api/check-ins') && call.method !== 'GET');
const panel = () => screen.findByRole('region', { name: 'Aviso en curso' });

let stopBridge: () => void = () => undefined;

/** Home, with the bridge that brings the alert screen once the server has the alert, as the app starts it. */
function homeWithAlertReconcile() {
  const app = renderApp('/web/home');
  stopBridge = startAlertReconcile({
    path: () => app.router.state.location.pathname,
    goTo: (to) => void app.router.navigate({ to, replace: true }),
    askServer: getAlertStatus,
  });
  return app;
}

beforeEach(() => {
  window.dataLayer = [];
  signIn();
});

afterEach(async () => {
  onSessionExpired(() => undefined);
  stopBridge();
  stopBridge = () => undefined;
  setWaitingCall(null);
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

describe('setting a check-in', () => {
  it('is offered on home below the SOS button as a plain link, never as a second red button', async () => {
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () => ok(null),
      'GET /api/profile': () => ok({}),
    });
    const { router } = renderApp('/web/home');
    const link = await screen.findByRole('link', { name: 'Avísales si no vuelvo' });
    const sos = screen.getByRole('button', { name: 'SOS: avisar a mis contactos' });
    expect(link.className).not.toMatch(/sos|danger/);
    expect(sos.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(link);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/check-in'));
    expect(await screen.findByRole('heading', { name: 'Avísales si no vuelvo', level: 1 })).toBeTruthy();
    expect(
      screen.getByText(
        'Si no confirmas que estás bien antes de esa hora (más 5 minutos), avisaremos a tus contactos como si hubieras presionado SOS.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Necesitas señal para crear el aviso y para cerrarlo/)).toBeTruthy();
  });

  it('says what is missing and sends nothing until a purpose and a time are chosen', async () => {
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([luis]) });
    renderApp('/web/check-in');
    fireEvent.click(await screen.findByRole('button', { name: 'Activar aviso' }));
    expect(await screen.findByText('Elige para qué sales.')).toBeTruthy();
    expect(screen.getByText('Elige a qué hora volverás.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Trabajo' }));
    fireEvent.click(screen.getByRole('radio', { name: 'A la hora que elijas' }));
    // Midnight today has always passed.
    typeInto(screen.getByLabelText('Hora'), '00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Activar aviso' }));
    expect(await screen.findByText('La hora de vuelta ya pasó. Elige una hora futura.')).toBeTruthy();
    expect(checkInCalls(calls)).toEqual([]);
  });

  it('sends the purpose, the place and the deadline with an idempotency key, then shows it running on home', async () => {
    let stored: CheckIn | null = null;
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/profile': () => ok({ ...profile, pins_set: false }),
      'GET /api/check-ins/current': () => ok(stored),
      'POST /api/check-ins': (call) => {
        const body = call.body as { due_at: string; place: string };
        stored = aCheckIn({
          purpose: 'audiencia',
          place: body.place,
          due_at: body.due_at,
          remind_at: new Date(Date.parse(body.due_at) - 10 * MINUTE).toISOString(),
        });
        return ok(stored);
      },
    });
    const { router } = renderApp('/web/check-in');
    fireEvent.click(await screen.findByRole('radio', { name: 'Audiencia en la corte' }));
    typeInto(screen.getByLabelText('¿Dónde? (opcional)'), 'Corte de Miami');
    fireEvent.click(screen.getByRole('radio', { name: '2 horas' }));
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Activar aviso' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    const [post, ...more] = checkInCalls(calls);
    expect(more).toEqual([]);
    expect(post?.method).toBe('POST');
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      purpose: 'audiencia',
      place: 'Corte de Miami',
      due_at: expect.any(String),
      timezone: expect.any(String),
    });
    const due = Date.parse((post?.body as { due_at: string }).due_at);
    expect(due - before).toBeGreaterThanOrEqual(120 * MINUTE - 1000);
    expect(due - before).toBeLessThanOrEqual(120 * MINUTE + 5000);

    const running = await panel();
    expect(within(running).getByText('Audiencia en la corte · Corte de Miami')).toBeTruthy();
    expect(within(running).getByText(/^(1 h 59 min|2 h 00 min)$/)).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Estoy bien' })).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Necesito más tiempo' })).toBeTruthy();
  });
});

describe('a running check-in on home', () => {
  it("closes with 'Estoy bien' and offers to set a new one", async () => {
    let stored: CheckIn | null = aCheckIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/profile': () => ok(profile),
      'GET /api/check-ins/current': () => ok(stored),
      'PUT /api/check-ins/current': () => {
        const closed = { ...aCheckIn(), status: 'closed' as const };
        stored = null;
        return ok(closed);
      },
    });
    renderApp('/web/home');
    const running = await panel();
    expect(within(running).getByText(/^(1 h 29 min|1 h 30 min)$/)).toBeTruthy();
    fireEvent.click(within(running).getByRole('button', { name: 'Estoy bien' }));
    expect(await screen.findByText('Gracias. Cerramos tu aviso: no avisaremos a tus contactos.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Avísales si no vuelvo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Aviso en curso' })).toBeNull();
    expect(checkInCalls(calls).map((call) => [call.method, call.body])).toEqual([['PUT', { action: 'ok' }]]);
  });

  it("moves the deadline with 'Necesito más tiempo'", async () => {
    let stored = aCheckIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/profile': () => ok(profile),
      'GET /api/check-ins/current': () => ok(stored),
      'PUT /api/check-ins/current': (call) => {
        const due = (call.body as { due_at: string }).due_at;
        stored = aCheckIn({ due_at: due, remind_at: new Date(Date.parse(due) - 10 * MINUTE).toISOString() });
        return ok(stored);
      },
    });
    renderApp('/web/home');
    const running = await panel();
    fireEvent.click(within(running).getByRole('button', { name: 'Necesito más tiempo' }));
    fireEvent.click(within(running).getByRole('radio', { name: '4 horas' }));
    fireEvent.click(within(running).getByRole('button', { name: 'Guardar nueva hora' }));
    // Said on the card, under its buttons, not in a notice above home that would push them down.
    const said = await within(running).findByText('Listo. Cambiamos tu hora de regreso.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByText('Listo. Cambiamos tu hora de regreso.')).toHaveLength(1);
    await vi.waitFor(() => expect(within(running).getByText(/^(3 h 59 min|4 h 00 min)$/)).toBeTruthy());
    const [put] = checkInCalls(calls);
    expect(put?.body).toEqual({ action: 'extend', due_at: expect.any(String) });
    expect(put?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('warns in the app when less than ten minutes are left', async () => {
    const due = new Date(Date.now() + 8 * MINUTE);
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () =>
        ok(aCheckIn({ due_at: due.toISOString(), remind_at: new Date(due.getTime() - 10 * MINUTE).toISOString() })),
    });
    renderApp('/web/home');
    const running = await panel();
    expect(within(running).getByRole('alert').textContent).toBe(
      'Faltan menos de 10 minutos para tu hora de regreso. Si estás bien, presiona «Estoy bien» o pide más tiempo.',
    );
  });

  it('never shows time left after the deadline, and switches to the alert screen within seconds of the firing', async () => {
    // Room for a loaded machine to show the panel before the deadline (it took seconds there).
    const due = Date.now() + 10_000;
    const firesAt = due + 1000;
    // The server fires only once the test has seen the screen between deadline and firing: with a
    // firing fixed in time, a loaded machine sometimes showed that screen after the firing, or never.
    // It fires as the alert is asked for: a check-in read just before then would be left 'running'.
    let seenPastDeadline = false;
    let fired: number | undefined;
    const fire = ({ now }: { now: boolean }) => {
      if (fired === undefined && now && seenPastDeadline && Date.now() >= firesAt) fired = Date.now();
      return fired !== undefined;
    };
    const checkIn = aCheckIn({
      due_at: new Date(due).toISOString(),
      remind_at: new Date(due - 10 * MINUTE).toISOString(),
    });
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () => ok(fire({ now: false }) ? { ...checkIn, status: 'fired' } : checkIn),
      'GET /api/alert-deliveries': () => ok({ alert_status: fire({ now: true }), alert: null }),
    });
    const app = homeWithAlertReconcile();
    const running = await panel();
    expect(within(running).getByText('menos de 1 min')).toBeTruthy();

    // Past the deadline, before the server fires: no time left, no 'Faltan menos de…'.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(due + 300));
    await vi.waitFor(() =>
      expect(within(running).getByRole('alert').textContent).toBe(
        'Ya pasó tu hora de regreso: en cualquier momento avisaremos a tus contactos. Si estás bien, presiona «Estoy bien».',
      ),
    );
    expect(within(running).queryByText(/Tiempo restante/)).toBeNull();
    expect(within(running).getByRole('button', { name: 'Estoy bien' })).toBeTruthy();
    seenPastDeadline = true;

    // The server fires: the open app shows the alert screen within seconds, saying the contacts were told.
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/web/active'));
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'FINALIZAR ALERTA' })).toBeTruthy();
    // What the phone keeps for home says fired too, not an overdue check-in still running.
    await vi.waitFor(() =>
      expect(app.queryClient.getQueryData(currentCheckInQueryOptions().queryKey)).toEqual({
        ...checkIn,
        status: 'fired',
      }),
    );
  });

  it('switches to the alert screen when the server fires between its look at the alert and at the check-in', async () => {
    const due = Date.now() + 10_000;
    // The firing lands just after an answer that said 'no alert', before the check-in is read: the
    // check-in then reads 'fired', home no longer counts it overdue, and its watch ends.
    let seenPastDeadline = false;
    let firesWithNextCheckIn = false;
    let fired = false;
    const checkIn = aCheckIn({
      due_at: new Date(due).toISOString(),
      remind_at: new Date(due - 10 * MINUTE).toISOString(),
    });
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () => {
        if (firesWithNextCheckIn) fired = true;
        return ok(fired ? { ...checkIn, status: 'fired' } : checkIn);
      },
      'GET /api/alert-deliveries': () => {
        if (seenPastDeadline) firesWithNextCheckIn = true;
        return ok({ alert_status: fired, alert: null });
      },
    });
    const app = homeWithAlertReconcile();
    const running = await panel();
    await vi.waitFor(() =>
      expect(within(running).getByRole('alert').textContent).toMatch(/^Ya pasó tu hora de regreso/),
    );
    seenPastDeadline = true;

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/web/active'));
    expect(fired).toBe(true);
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    expect(app.queryClient.getQueryData(currentCheckInQueryOptions().queryKey)).toEqual({
      ...checkIn,
      status: 'fired',
    });
  });

  it("says an 'Estoy bien' kept by the worker waits for signal, and closes once the worker delivers it", async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    let stored: CheckIn | null = aCheckIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () => ok(stored),
      'PUT /api/check-ins/current': () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
    });
    renderApp('/web/home');
    const running = await panel();
    fireEvent.click(within(running).getByRole('button', { name: 'Estoy bien' }));
    expect(
      await within(running).findByText(/^Sin conexión: enviaremos tu «Estoy bien» en cuanto haya señal/),
    ).toBeTruthy();
    expect((within(running).getByRole('button', { name: 'Estoy bien' }) as HTMLButtonElement).disabled).toBe(true);

    const key = checkInCalls(calls)[0]?.headers['idempotency-key'] ?? '';
    stored = null;
    worker.send(queueStatus({ delivered: { idempotencyKey: key, alert_status: null } }));
    expect(await screen.findByRole('link', { name: 'Avísales si no vuelvo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Aviso en curso' })).toBeNull();
  });
});

describe('a check-in call whose session has expired', () => {
  it("hands 'Estoy bien' to the worker to wait for a new sign-in, like an SOS, and only then ends the session", async () => {
    expectConsole('warn');
    fakeServiceWorker();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/check-ins/current': () => ok(aCheckIn()),
      'POST /api/refresh': () =>
        json(401, { success: false, message: 'La sesión ya no es válida. Inicia sesión de nuevo.' }),
      'PUT /api/check-ins/current': (call) =>
        call.headers['x-sos-queue-only'] === '1'
          ? json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE })
          : json(401, { success: false, message: 'Sesión expirada' }),
    });
    const { router } = renderApp('/web/home');
    onSessionExpired(() => void router.navigate({ to: '/web/auth/signin', replace: true }));
    fireEvent.click(within(await panel()).getByRole('button', { name: 'Estoy bien' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    // Said where the person signs in, as for a kept SOS.
    expect(await screen.findByText(OK_WAITS_FOR_SIGN_IN)).toBeTruthy();
    const [first, queueOnly, ...more] = checkInCalls(calls);
    expect(more).toEqual([]);
    expect(first?.headers['x-sos-queue-only']).toBeUndefined();
    expect(queueOnly?.headers['x-sos-queue-only']).toBe('1');
    expect(queueOnly?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(queueOnly?.body).toEqual(first?.body);
    expect(calls.filter((call) => call.url === '/api/refresh')).toHaveLength(1);
    expect(getSessionState()).toEqual(defaultSessionState());
    expect(console.warn).toHaveBeenCalledWith('Sesión expirada');
  });
});

describe('the PIN when PINs are set', () => {
  it("asks for a PIN before 'Estoy bien', says 'PIN incorrecto.' and closes with the right one", async () => {
    let stored: CheckIn | null = aCheckIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/profile': () => ok({ ...profile, pins_set: true }),
      'GET /api/check-ins/current': () => ok(stored),
      'PUT /api/check-ins/current': (call) => {
        if ((call.body as { pin?: string }).pin !== '2468')
          return json(422, { success: false, message: 'PIN incorrecto.', errors: { pin: ['PIN incorrecto.'] } });
        stored = null;
        return ok({ ...aCheckIn(), status: 'closed' });
      },
    });
    // The profile as cached from an earlier visit: offline too, the app knows PINs are set.
    renderApp('/web/home', {
      seed: (queryClient) => queryClient.setQueryData(['profile'], { ...profile, pins_set: true }),
    });
    const running = await panel();
    fireEvent.click(within(running).getByRole('button', { name: 'Estoy bien' }));
    expect(screen.getByRole('alertdialog', { name: 'Escribe tu PIN para cerrar el aviso' })).toBeTruthy();
    expect(checkInCalls(calls)).toEqual([]);
    const dialog = screen.getByRole('alertdialog');
    const input = within(dialog).getByLabelText('PIN de 4 números');
    expect(document.activeElement).toBe(input);
    expect(within(dialog).getByRole('link', { name: 'Olvidé mi PIN' }).getAttribute('href')).toBe('/web/profile#pins');

    typeInto(input, '1111');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('PIN incorrecto.')).toBeTruthy();

    typeInto(input, '24a68');
    expect((input as HTMLInputElement).value).toBe('2468');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Gracias. Cerramos tu aviso: no avisaremos a tus contactos.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(checkInCalls(calls).map((call) => call.body)).toEqual([
      { action: 'ok', pin: '1111' },
      { action: 'ok', pin: '2468' },
    ]);
  });
});
