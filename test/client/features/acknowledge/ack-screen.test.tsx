import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AckView } from '#shared/api/deliveries.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';

// The contact's 'Lo tengo' page, from the alert e-mail, without an account.

const TOKEN = 'tok_'.padEnd(43, 'a');
const ACK_AT = '2026-03-01T12:03:00.000Z';

function aView(overrides: Partial<AckView> = {}): AckView {
  return {
    person: { name: 'Rosa Prueba', phone: '+13055550123' },
    contact_firstname: 'Luis',
    practice: false,
    pressed_at: '2026-03-01T12:00:00.000Z',
    timezone: 'America/Mexico_City',
    position: { latitude: '19.4326', longitude: '-99.1332' },
    status: 'active',
    acknowledged_at: null,
    ...overrides,
  };
}

beforeEach(() => {
  window.dataLayer = [];
  resetAll();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the 'Lo tengo' page", () => {
  it('shows who, when in their time zone and where; only the button records, once', async () => {
    const { calls } = stubApi({
      [`GET /api/ack/${TOKEN}`]: () => ok(aView()),
      'POST /api/ack': () => ok(aView({ acknowledged_at: ACK_AT, recorded: true })),
    });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Rosa Prueba necesita ayuda' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+13055550123' }).getAttribute('href')).toBe('tel:+13055550123');
    expect(screen.getByText(/domingo, 1 de marzo de 2026.*6:00.*\(hora de Ciudad de México\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332#map=17/19.4326/-99.1332',
    );
    // Opening the page asked, and recorded nothing.
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    expect(calls[0]?.headers.authorization).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Lo tengo' }));
    // One clock on the page: the answer in the alert's zone (12:03 UTC is 6:03 in Mexico City), as the press above.
    const done = await screen.findByText('Listo: Rosa Prueba ya sabe que recibiste su alerta (06:03).');
    expect(done.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(done);
    expect(screen.queryByRole('button', { name: 'Lo tengo' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ token: TOKEN }]);
    // No personal data in the analytics event.
    expect(window.dataLayer).toContainEqual({ event: 'alert_acknowledge', practice: false, first: true });
  });

  it("names the zone by its place in the contact's language, and the answer reads in that zone", async () => {
    const newYork = { timezone: 'America/New_York', acknowledged_at: ACK_AT };
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView(newYork)) });
    renderApp(`/web/active/ack/${TOKEN}?lang=en`);
    expect(await screen.findByText(/Sunday, March 1, 2026.*7:00 AM \(New York time\)/)).toBeTruthy();
    expect(screen.getByText('Done: Rosa Prueba knows you got their alert (7:03 AM).')).toBeTruthy();
  });

  it('says so at once when the contact had already pressed it', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ acknowledged_at: ACK_AT })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByText(/ya sabe que recibiste su alerta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lo tengo' })).toBeNull();
  });

  it('marks a practice as PRUEBA from its first line', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ practice: true, position: null })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByText('PRUEBA: esto es solo una prueba. Rosa Prueba no está en riesgo.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alerta de prueba de Rosa Prueba' })).toBeTruthy();
    expect(screen.getByText('Ubicación no disponible (el teléfono no pudo compartirla).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lo tengo' })).toBeTruthy();
  });

  it('offers nothing to press once the alert has ended', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ status: 'ended' })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByText('Rosa Prueba ya finalizó esta alerta.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lo tengo' })).toBeNull();
  });

  it('says an end made under pressure may have been forced, what to do instead of calling, and offers no call', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ forced: true })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    const lead = await screen.findByText(/es posible que le hayan obligado a hacerlo/);
    const warning = lead.parentElement!;
    expect(warning.getAttribute('role')).toBe('alert');
    expect([...warning.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Rosa Prueba finalizó su alerta SOS en la aplicación, pero es posible que le hayan obligado a hacerlo.',
      'La alerta sigue activa: actúa como si no hubiera terminado.',
      'No llames ni escribas a Rosa Prueba: otra persona puede tener su teléfono, y una llamada podría ponerle en peligro. Avisa a su familia y a su abogado o a la organización que lleva su caso, y comparte con ellos su ubicación.',
    ]);
    expect(screen.getByText(/\+13055550123/).closest('a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Lo tengo' })).toBeTruthy();
  });

  it('offers the call, and no warning, for an alert nobody forced', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ forced: false })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    await screen.findByRole('button', { name: 'Lo tengo' });
    expect(screen.queryByText(/es posible que le hayan obligado/)).toBeNull();
    expect(screen.getByRole('link', { name: '+13055550123' }).getAttribute('href')).toBe('tel:+13055550123');
  });

  it('sends an unknown or expired link to the invalid-link page', async () => {
    stubApi({
      [`GET /api/ack/${TOKEN}`]: () =>
        json(404, { success: false, message: 'Lo sentimos, el enlace que usaste no es válido o ya expiró.' }),
    });
    const { router } = renderApp(`/web/active/ack/${TOKEN}`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/invalid'));
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
  });

  it('lets the contact try again when there was no connection', async () => {
    let up = false;
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => (up ? ok(aView()) : Promise.reject(new TypeError('Failed to fetch'))) });
    renderApp(`/web/active/ack/${TOKEN}`);
    const retry = await screen.findByRole('button', { name: 'Intentar de nuevo' });
    up = true;
    fireEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Lo tengo' })).toBeTruthy();
  });

  it("says the firm attends the alert once it took it, in the contact's language", async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ firm_attending: true })) });
    renderApp(`/web/active/ack/${TOKEN}?lang=en`);
    expect((await screen.findByText('IAD is taking care of this alert.')).getAttribute('role')).toBe('status');
  });

  it('says nothing of the firm while nobody there took the alert', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(aView({ firm_attending: false })) });
    renderApp(`/web/active/ack/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Rosa Prueba necesita ayuda' })).toBeTruthy();
    expect(screen.queryByText(/atendiendo esta alerta/)).toBeNull();
  });
});
