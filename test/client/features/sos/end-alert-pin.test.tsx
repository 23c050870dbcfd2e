import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { resetSos } from '../../support/sos-state.ts';
import { typeInto } from '../../support/type-into.ts';

// FINALIZAR ALERTA with PINs set, and an alert the server started for a missed check-in.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const profile = {
  id: 'u1',
  email: 'ana@example.com',
  firstname: 'Ana',
  lastname: 'Ruiz',
  phone: '+15550001111',
  pins_set: true,
};
const REAL = '2468';
const DURESS = '1357';

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

const ends = (calls: Call[]) => calls.filter((call) => call.url === '/api/active-button');

function openAlertScreen(handlers: Parameters<typeof stubApi>[0] = {}) {
  signIn({ alert_status: true });
  const api = stubApi({
    'GET /api/contacts': () => ok([luis]),
    'GET /api/profile': () => ok(profile),
    // Both PINs get the same answer: the server alone knows which one it was.
    'PUT /api/active-button': (call) => {
      const pin = (call.body as { pin?: string }).pin;
      if (pin === REAL || pin === DURESS) return ok({ alert_status: false, alert_id: 'alert-1' });
      return json(422, { success: false, message: 'PIN incorrecto.', errors: { pin: ['PIN incorrecto.'] } });
    },
    ...handlers,
  });
  const app = renderApp('/web/active', {
    seed: (queryClient) => {
      queryClient.setQueryData(['contacts'], [luis]);
      queryClient.setQueryData(['profile'], profile);
    },
  });
  return { ...app, calls: api.calls };
}

describe('FINALIZAR ALERTA with PINs set', () => {
  it("asks for the PIN, says 'PIN incorrecto.' and keeps the alert on for a wrong one", async () => {
    const { calls, router } = openAlertScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Escribe tu PIN para finalizar la alerta' });
    expect(ends(calls)).toEqual([]);
    typeInto(within(dialog).getByLabelText('PIN de 4 números'), '9999');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('PIN incorrecto.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/web/active');
    expect(getSessionState().auth.alert_status).toBe(true);
    expect(ends(calls).map((call) => call.body)).toMatchObject([{ alert_status: '2', pin: '9999' }]);
  });

  it.each([
    ['the PIN', REAL],
    ['the duress PIN', DURESS],
  ])('ends the alert on this screen with %s exactly as it always does', async (_name, pin) => {
    const { calls, router } = openAlertScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
    const dialog = screen.getByRole('alertdialog');
    typeInto(within(dialog).getByLabelText('PIN de 4 números'), pin);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(getSessionState().auth.alert_status).toBe(false);
    // The router's location changes before the alert screen, dialog and all, is taken off the page.
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' })).toBeTruthy();
    expect(ends(calls).map((call) => call.body)).toMatchObject([{ alert_status: '2', pin }]);
  });

  it('leaves the dialog with Cancelar and sends nothing', async () => {
    const { calls } = openAlertScreen();
    const button = await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(ends(calls)).toEqual([]);
  });
});

describe('an alert started by a missed check-in', () => {
  it('says so on the alert screen', async () => {
    const started = '2026-11-23T10:05:00.000Z';
    openAlertScreen({
      'GET /api/alert-deliveries': () =>
        ok({
          alert_status: true,
          alert: {
            id: 'a1',
            pressed_at: started,
            started_at: started,
            deliveries: [],
            reminders: 0,
            last_reminder_at: null,
            trigger: 'missed-check-in',
            check_in: { purpose: 'audiencia', place: 'Corte de Miami', due_at: '2026-11-23T10:00:00.000Z' },
          },
        }),
    });
    expect(
      await screen.findByText(
        'Esta alerta se envió porque no confirmaste que estabas bien después de: Audiencia en la corte (Corte de Miami).',
      ),
    ).toBeTruthy();
  });
});
