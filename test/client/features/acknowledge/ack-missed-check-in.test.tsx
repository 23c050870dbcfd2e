import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AckView } from '#shared/api/deliveries.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { renderApp } from '../../support/render-app.tsx';

// The contact's 'Lo tengo' page of an alert the server started because the person missed a check-in.

const TOKEN = 'tok_'.padEnd(43, 'b');

const view: AckView = {
  person: { name: 'Rosa Prueba', phone: '+13055550123' },
  contact_firstname: 'Luis',
  practice: false,
  pressed_at: '2026-03-01T16:05:00.000Z',
  timezone: 'America/Mexico_City',
  position: null,
  status: 'active',
  acknowledged_at: null,
  trigger: 'missed-check-in',
  check_in: { purpose: 'cita-inmigracion', place: 'Oficina de Ciudad Juárez', due_at: '2026-03-01T16:00:00.000Z' },
};

beforeEach(() => {
  window.dataLayer = [];
  resetAll();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the 'Lo tengo' page of a missed check-in", () => {
  it('says in Spanish that nobody pressed the button, what for and until when', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(view) });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Rosa Prueba necesita ayuda' })).toBeTruthy();
    expect(screen.getByText('Nadie presionó el botón: la aplicación envió esta alerta por sí sola.')).toBeTruthy();
    expect(
      screen.getByText(
        'Rosa Prueba no confirmó que está bien después de su cita de inmigración en Oficina de Ciudad Juárez, prevista hasta las 10:00.',
      ),
    ).toBeTruthy();
  });

  it('says it in English for a contact who reads English', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(view) });
    renderApp(`/web/active/ack/${TOKEN}?lang=en`);
    expect(await screen.findByText('Nobody pressed the button: the app sent this alert by itself.')).toBeTruthy();
    expect(
      screen.getByText(/^Rosa Prueba did not confirm .*immigration appointment.*Oficina de Ciudad Juárez.*10:00 AM/),
    ).toBeTruthy();
  });

  it('says nothing of a check-in for an alert pressed by the person', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok({ ...view, trigger: 'press', check_in: null }) });
    renderApp(`/web/active/ack/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Rosa Prueba necesita ayuda' });
    expect(screen.queryByText(/Nadie presionó el botón/)).toBeNull();
  });
});
