import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PracticeDeliveryState } from '#shared/api/deliveries.ts';
import { SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// The practice alert: a secondary control on home, the SOS path with '3',
// a screen of its own, and never an alert.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const SENT = 'Prueba enviada. Abajo ves a quién llegó.';
const WAITING = 'Sin conexión: tu prueba se enviará en cuanto haya señal. Tus contactos todavía no reciben nada.';

function practiceWith(key: string, state: 'sent' | 'acknowledged' = 'sent'): PracticeDeliveryState {
  const at = '2026-03-01T12:00:00.000Z';
  return {
    practice: {
      id: 'p1',
      request_key: key,
      pressed_at: at,
      started_at: at,
      deliveries: [
        {
          id: 'd1',
          name: 'Luis Pérez',
          state,
          sent_at: at,
          acknowledged_at: state === 'acknowledged' ? at : null,
          attempts: 1,
          push_sent_at: null,
        },
      ],
    },
  };
}

const puts = (calls: Call[]) => calls.filter((call) => call.url === '/api/active-button');
const practiceReads = (calls: Call[]) => calls.filter((call) => call.url === '/api/practice-deliveries');

let stopBridge: () => void = () => undefined;

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(async () => {
  stopBridge();
  stopBridge = () => undefined;
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

describe('the practice alert', () => {
  it("is offered on home as 'Probar alerta', a plain link that is not the SOS button", async () => {
    signIn();
    stubApi({ 'GET /api/contacts': () => ok([luis]), 'GET /api/practice-deliveries': () => ok({ practice: null }) });
    const { router } = renderApp('/web/home');
    const practice = await screen.findByRole('link', { name: 'Probar alerta' });
    expect(practice.className).not.toMatch(/sos|danger/);
    expect(screen.getByRole('button', { name: 'SOS: avisar a mis contactos' })).toBeTruthy();
    fireEvent.click(practice);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/practice'));
    expect(await screen.findByRole('heading', { name: 'Alerta de prueba' })).toBeTruthy();
    expect(await screen.findByText('Todavía no has enviado ninguna prueba.')).toBeTruthy();
  });

  it("sends '3' by the SOS path, never turns the alert on, and lists who got it", async () => {
    signIn();
    let key = '';
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': (call) => {
        key = call.headers['idempotency-key'] ?? '';
        return ok({ alert_status: false, alert_id: null, practice_id: 'p1' });
      },
      'GET /api/practice-deliveries': () => ok(key ? practiceWith(key, 'acknowledged') : { practice: null }),
    });
    const { router } = renderApp('/web/practice');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar alerta de prueba' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'A quién llegó tu prueba' });
    expect(within(list).getByText(/^Recibida por Luis Pérez \(\d\d:\d\d\)$/)).toBeTruthy();

    const [put, ...more] = puts(calls);
    expect(more).toHaveLength(0);
    expect(put?.body).toMatchObject({
      alert_status: '3',
      timezone: expect.any(String),
      pressed_at: expect.any(String),
    });
    expect(put?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(getSessionState().auth.alert_status).toBe(false);
    expect(router.state.location.pathname).toBe('/web/practice');
    expect(window.dataLayer).toContainEqual({ event: 'practice_send', queued: false });
  });

  it('says before the press that nobody will get it when no contact confirmed, and never that the contacts get it', async () => {
    signIn();
    const rosa = aContact({ id: 'c2', firstname: 'Rosa', lastname: 'Gómez', email_verified_at: null });
    let key = '';
    stubApi({
      'GET /api/contacts': () => ok([rosa]),
      'PUT /api/active-button': (call) => {
        key = call.headers['idempotency-key'] ?? '';
        return ok({ alert_status: false, alert_id: null, practice_id: 'p1' });
      },
      'GET /api/practice-deliveries': () =>
        ok(key ? { practice: { ...practiceWith(key).practice, deliveries: [] } } : { practice: null }),
    });
    renderApp('/web/practice');
    const before = await screen.findByRole('note', { name: 'Nadie recibirá tu alerta' });
    expect(within(before).getByText(/ninguno de tus contactos ha confirmado su correo/)).toBeTruthy();
    expect(within(before).getByRole('link', { name: 'Rosa Gómez' }).getAttribute('href')).toBe('/web/contact/c2');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar alerta de prueba' }));
    expect(await screen.findByText('Ningún contacto ha confirmado su correo: nadie recibió la prueba.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Estado de tu prueba' }).textContent).toBe(SENT);
    expect(document.body.textContent).not.toMatch(/Tus contactos reciben/);
  });

  it('shows the practice waiting for signal when the worker queued it, and its list once delivered', async () => {
    const worker = fakeServiceWorker();
    stopBridge = startSosWorkerBridge();
    signIn();
    let delivered = '';
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
      'GET /api/practice-deliveries': () => ok(delivered ? practiceWith(delivered) : { practice: null }),
    });
    renderApp('/web/practice');
    await screen.findByText('Todavía no has enviado ninguna prueba.');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar alerta de prueba' }));
    expect(await screen.findByText(WAITING)).toBeTruthy();
    // Nothing about an earlier practice while this one waits.
    expect(screen.queryByText('Todavía no has enviado ninguna prueba.')).toBeNull();
    const key = puts(calls)[0]?.headers['idempotency-key'] ?? '';
    const reads = practiceReads(calls).length;

    delivered = key;
    worker.send(queueStatus({ delivered: { idempotencyKey: key, alert_status: '3' } }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(await screen.findByText(/^Enviada a Luis Pérez/)).toBeTruthy();
    expect(practiceReads(calls).length).toBeGreaterThan(reads);
    expect(getSessionState().auth.alert_status).toBe(false);
    expect(window.dataLayer).toContainEqual({ event: 'practice_send', queued: true });
  });

  it('is not reachable during a real alert: the alert screen comes first', async () => {
    signIn({ alert_status: true });
    stubApi({ 'GET /api/contacts': () => ok([luis]) });
    const { router } = renderApp('/web/practice');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
  });
});
