import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertDeliveryState, Delivery } from '#shared/api/deliveries.ts';
import { SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { DELIVERY_POLL_MS } from '#shared/api/deliveries.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// The delivery state on /web/active: each contact's e-mail, as it changes, and never in
// contradiction with the alert's own status (sent, or waiting for signal).

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const STARTED = '2026-03-01T12:00:00.000Z';
const SENT_AT = '2026-03-01T12:00:02.000Z';
const ACK_AT = '2026-03-01T12:03:00.000Z';
const time = (iso: string) =>
  new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

function delivery(overrides: Partial<Delivery>): Delivery {
  return {
    id: 'd1',
    name: 'Luis Pérez',
    state: 'sent',
    sent_at: SENT_AT,
    acknowledged_at: null,
    attempts: 1,
    push_sent_at: null,
    ...overrides,
  };
}

function stateWith(
  deliveries: Delivery[],
  extra: Partial<NonNullable<AlertDeliveryState['alert']>> = {},
): AlertDeliveryState {
  return {
    alert_status: true,
    alert: {
      id: 'a1',
      pressed_at: STARTED,
      started_at: STARTED,
      deliveries,
      reminders: 0,
      last_reminder_at: null,
      ...extra,
    },
  };
}

let stopBridge: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(async () => {
  vi.useRealTimers();
  stopBridge();
  stopBridge = () => undefined;
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

function openAlertScreen(deliveries: () => Response | Promise<Response>, handlers: Parameters<typeof stubApi>[0] = {}) {
  signIn({ alert_status: true });
  const api = stubApi({ 'GET /api/contacts': () => ok([luis]), 'GET /api/alert-deliveries': deliveries, ...handlers });
  renderApp('/web/active', { seed: (queryClient) => queryClient.setQueryData(['contacts'], [luis]) });
  return api;
}

const pollCalls = (calls: { url: string }[]) => calls.filter((call) => call.url === '/api/alert-deliveries').length;

async function nextPoll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
  });
}

describe("the alert screen's delivery list", () => {
  it("lists each contact's e-mail and shows, within one poll, who acknowledged it", async () => {
    let state = stateWith([
      delivery({ id: 'd1', name: 'Luis Pérez' }),
      delivery({ id: 'd2', name: 'María López' }),
      delivery({ id: 'd3', name: 'Ana Ruiz', state: 'retrying', sent_at: null }),
    ]);
    openAlertScreen(() => ok(state));
    const list = await screen.findByRole('region', { name: 'A quién llegó tu alerta' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Enviada a Luis Pérez (${time(SENT_AT)}), sin confirmar todavía`,
      `Enviada a María López (${time(SENT_AT)}), sin confirmar todavía`,
      'No se pudo enviar a Ana Ruiz todavía; lo seguimos intentando',
    ]);
    // Each line says it is not confirmed yet: nothing under the list says it again.
    expect(within(list).queryByText(/Nadie ha confirmado/)).toBeNull();

    state = stateWith(
      [
        delivery({ id: 'd1', name: 'Luis Pérez' }),
        delivery({ id: 'd2', name: 'María López', state: 'acknowledged', acknowledged_at: ACK_AT }),
        delivery({ id: 'd3', name: 'Ana Ruiz', state: 'failed', sent_at: null }),
      ],
      { reminders: 1, last_reminder_at: '2026-03-01T12:05:00.000Z' },
    );
    await nextPoll();
    expect(await within(list).findByText(`Recibida por María López (${time(ACK_AT)})`)).toBeTruthy();
    expect(within(list).getByText('No se pudo enviar a Ana Ruiz')).toBeTruthy();
    expect(
      within(list).getByText(
        `Enviamos un recordatorio a quien no ha confirmado, a las ${time('2026-03-01T12:05:00.000Z')}.`,
      ),
    ).toBeTruthy();
    // The alert's status box announces who got it: the list is read, not announced a second time.
    expect(within(list).getByRole('list').hasAttribute('aria-live')).toBe(false);
  });

  it("says the alert arrived, not 'sent', in the neutral box while the server's answer is on its way and while every e-mail is still leaving, and turns green once one left", async () => {
    let state = stateWith([delivery({ state: 'pending', sent_at: null, attempts: 0 })]);
    // The first answer waits until the test lets it go; the polls after it answer at once.
    let answer: ((reply: Response) => void) | null = null;
    let held = false;
    openAlertScreen(() => {
      if (held) return ok(state);
      held = true;
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    expect(await screen.findByText('Comprobando a quién llegó tu alerta…')).toBeTruthy();
    const asking = screen.getByRole('status', { name: 'Estado de tu alerta' });
    expect({ text: asking.textContent, look: asking.className }).toEqual({
      text: 'Tu alerta llegó. Estamos enviando el correo a tus contactos…',
      look: 'sos-delivery sos-delivery--leaving',
    });
    answer!(ok(state));
    const list = await screen.findByRole('region', { name: 'A quién llegó tu alerta' });
    expect(within(list).getByRole('listitem').textContent).toBe('Enviando a Luis Pérez…');
    const status = screen.getByRole('status', { name: 'Estado de tu alerta' });
    expect({ text: status.textContent, look: status.className }).toEqual({
      text: 'Tu alerta llegó. Estamos enviando el correo a tus contactos…',
      look: 'sos-delivery sos-delivery--leaving',
    });

    state = stateWith([delivery({})]);
    await nextPoll();
    await vi.waitFor(() =>
      expect({ text: status.textContent, look: status.className }).toEqual({
        text: 'Alerta enviada a tus contactos',
        look: 'sos-delivery sos-delivery--sent',
      }),
    );
  });

  it("shows 'Aviso entregado' beside the e-mail of a contact whose phone notification the push service took", async () => {
    let state = stateWith([delivery({ id: 'd1', name: 'Luis Pérez' }), delivery({ id: 'd2', name: 'María López' })]);
    openAlertScreen(() => ok(state));
    const list = await screen.findByRole('region', { name: 'A quién llegó tu alerta' });
    expect(within(list).queryByText(/Aviso entregado/)).toBeNull();
    state = stateWith([
      delivery({ id: 'd1', name: 'Luis Pérez', push_sent_at: SENT_AT }),
      delivery({ id: 'd2', name: 'María López' }),
    ]);
    await nextPoll();
    await within(list).findByText(/Aviso entregado/);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Enviada a Luis Pérez (${time(SENT_AT)}), sin confirmar todavía · Aviso entregado`,
      `Enviada a María López (${time(SENT_AT)}), sin confirmar todavía`,
    ]);
  });

  it('says it is the last known state when a poll fails, and keeps showing it', async () => {
    let up = true;
    openAlertScreen(() => (up ? ok(stateWith([delivery({})])) : Promise.reject(new TypeError('Failed to fetch'))));
    await screen.findByText(/Enviada a Luis Pérez/);
    up = false;
    await nextPoll();
    expect(await screen.findByText(/^Sin conexión: esto es lo último que supimos, a las \d\d:\d\d\.$/)).toBeTruthy();
    expect(screen.getByText(/Enviada a Luis Pérez/)).toBeTruthy();
  });

  it('while the alert waits for signal, shows only that, asks the server nothing, and lists the e-mails once it arrives', async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    signIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
      'GET /api/alert-deliveries': () => ok(stateWith([delivery({})])),
    });
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    await screen.findByText('Sin conexión: tu alerta se enviará automáticamente en cuanto haya señal');
    const key = calls.find((call) => call.method === 'PUT')?.headers['idempotency-key'] ?? '';
    const entry = { idempotencyKey: key, alert_status: '1', queuedAt: Date.now() };
    worker.send(queueStatus({ pending: 1, queued: [entry], oldestQueuedAt: entry.queuedAt }));
    await screen.findByText('Guardado en este teléfono: 1 aviso por enviar.');
    await nextPoll();
    expect(pollCalls(calls)).toBe(0);
    expect(screen.queryByRole('region', { name: 'A quién llegó tu alerta' })).toBeNull();

    worker.send(queueStatus({ delivered: { idempotencyKey: key, alert_status: '1' } }));
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'A quién llegó tu alerta' })).toBeTruthy();
    expect(pollCalls(calls)).toBeGreaterThan(0);
  });

  it('says it is checking while the server does not know the alert yet, never that nobody got it', async () => {
    openAlertScreen(() => ok({ alert_status: true, alert: null }));
    expect(await screen.findByText('Comprobando a quién llegó tu alerta…')).toBeTruthy();
  });

  it('takes who gets the e-mail from the list, not from contacts cached before one of them confirmed', async () => {
    // Cached while Rosa had not confirmed yet; she confirmed since, and the server e-mailed her.
    const rosa = aContact({
      id: 'c2',
      firstname: 'Rosa',
      lastname: 'Gómez',
      phone: '+5215512345678',
      email_verified_at: null,
    });
    const pablo = aContact({
      id: 'c3',
      firstname: 'Pablo',
      lastname: 'Díaz',
      phone: '+13055550177',
      email_verified_at: null,
    });
    signIn({ alert_status: true });
    stubApi({
      'GET /api/contacts': () => ok([rosa, pablo]),
      'GET /api/alert-deliveries': () =>
        ok(stateWith([delivery({ id: 'd1', name: 'Rosa Gómez', state: 'acknowledged', acknowledged_at: ACK_AT })])),
    });
    renderApp('/web/active', { seed: (queryClient) => queryClient.setQueryData(['contacts'], [rosa, pablo]) });

    const list = await screen.findByRole('region', { name: 'A quién llegó tu alerta' });
    expect(within(list).getByText(`Recibida por Rosa Gómez (${time(ACK_AT)})`)).toBeTruthy();
    // Who said they got it is good news, said first in the status too.
    expect(
      [...screen.getByRole('status', { name: 'Estado de tu alerta' }).querySelectorAll('p')].map((p) => p.textContent),
    ).toEqual(['Alerta enviada a tus contactos', 'Recibida por Rosa Gómez.']);
    expect(screen.queryByText(/ningún contacto la recibirá/)).toBeNull();
    expect(screen.queryByText(/nadie recibirá el correo de alerta/)).toBeNull();
    expect(screen.queryByText('Para que reciban tus alertas por correo, pide que confirmen:')).toBeNull();
    // The SMS goes to who gets the e-mail, as it does for contacts known to have confirmed.
    const href = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' }).getAttribute('href') ?? '';
    expect(href.slice(0, href.indexOf('?'))).toBe('sms:+5215512345678');
  });

  it('warns that nobody gets the e-mail when every e-mail of the list failed, though the cache says confirmed', async () => {
    signIn({ alert_status: true });
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/alert-deliveries': () =>
        ok(stateWith([delivery({ name: 'Luis Pérez', state: 'failed', sent_at: null })])),
    });
    renderApp('/web/active', { seed: (queryClient) => queryClient.setQueryData(['contacts'], [luis]) });

    expect(
      await screen.findByText('Tu alerta llegó, pero ningún contacto la recibirá por correo: envíales un SMS.'),
    ).toBeTruthy();
    expect(
      screen.getByText('No pudimos enviar el correo de alerta a ninguno de tus contactos. Envíales un SMS.'),
    ).toBeTruthy();
    expect(screen.queryByText('Alerta enviada a tus contactos')).toBeNull();
  });

  it("says '{FIRM_NAME} está atendiendo tu alerta' in the alert's status once the firm took it, and nothing of it otherwise", async () => {
    let state = stateWith([delivery({ id: 'd1', name: 'Luis Pérez' })]);
    openAlertScreen(() => ok(state));
    await screen.findByRole('region', { name: 'A quién llegó tu alerta' });
    expect(screen.queryByText(/está atendiendo tu alerta/)).toBeNull();
    state = stateWith([delivery({ id: 'd1', name: 'Luis Pérez' })], { firm_attending: true });
    await nextPoll();
    const line = await screen.findByText('IAD está atendiendo tu alerta');
    // In the alert's status, on the first screen, not under the list of five.
    expect(line.closest('[role="status"]')?.getAttribute('aria-label')).toBe('Estado de tu alerta');
  });
});
