import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeGeolocation, fakePermissions } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });

// Home's location panel is a lazy chunk. Its first transform took over 5 s on a loaded CI machine:
// load it once up front (as a phone that has it cached), so no single test pays for it.
beforeAll(() => import('#client/features/sos/home/sos-home-panels.tsx'), 60_000);

beforeEach(() => signIn());

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

describe('the position on home', () => {
  it('says when the browser has no geolocation, and the alert goes out without a position', async () => {
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([luis]),
      'PUT /api/active-button': () => ok({ alert_status: true, alert_id: 'a1' }),
    });
    const { router } = renderApp('/web/home');
    expect(await screen.findByText('Geolocalización no soportada por tu navegador')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    expect(calls.find((call) => call.url === '/api/active-button')?.body).toMatchObject({
      latitude: '',
      longitude: '',
    });
    expect(await screen.findByText('Geolocalización no soportada por tu navegador')).toBeTruthy();
  });

  it('explains why the position helps and asks for it only when the person taps the button', async () => {
    const gps = fakeGeolocation();
    fakePermissions('prompt');
    stubApi({ 'GET /api/contacts': () => ok([luis]) });
    renderApp('/web/home');
    expect(await screen.findByRole('heading', { name: 'Comparte tu ubicación' })).toBeTruthy();
    expect(screen.getByText('Así tus contactos sabrán dónde buscarte.')).toBeTruthy();
    expect(screen.getByText('Tu alerta se envía aunque no la compartas.')).toBeTruthy();
    // No question from the browser before the person asks for it.
    expect(gps.geolocation.watchPosition).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Permitir ubicación' }));
    expect(gps.geolocation.watchPosition).toHaveBeenCalledOnce();
    gps.fix(25.7617, -80.1918);
    expect(await screen.findByText('Tu ubicación se enviará con tu alerta.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Permitir ubicación' })).toBeNull();
  });

  it("says in Spanish what to do when the person refuses the position, never the browser's English", async () => {
    const gps = fakeGeolocation();
    fakePermissions('prompt');
    stubApi({ 'GET /api/contacts': () => ok([luis]) });
    renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Permitir ubicación' }));
    gps.fail(1, 'User denied Geolocation');
    expect(
      await screen.findByText(
        'No diste permiso para usar tu ubicación. Para compartirla, permítela para este sitio en los ajustes del navegador.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/User denied/)).toBeNull();
    expect(screen.getByText('Tu alerta se envía igual, sin tu ubicación.')).toBeTruthy();
    expect(gps.geolocation.clearWatch).toHaveBeenCalled();
  });

  it.each([
    [
      2,
      'Position unavailable',
      'No pudimos saber dónde estás. Activa la ubicación de tu teléfono o ve a un lugar con mejor señal; lo seguimos intentando.',
    ],
    [
      3,
      'Timeout expired',
      'Tu ubicación tarda en llegar. Revisa que la ubicación de tu teléfono esté activada; lo seguimos intentando.',
    ],
    [0, 'Kernel location service crashed', 'Kernel location service crashed'],
  ])(
    'maps the failure with code %i to what to do, keeping the watch on (other codes keep the browser text)',
    async (code, browserText, shown) => {
      const gps = fakeGeolocation();
      fakePermissions('granted');
      stubApi({ 'GET /api/contacts': () => ok([luis]) });
      renderApp('/web/home');
      await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
      gps.fail(code, browserText);
      expect(await screen.findByText(shown)).toBeTruthy();
      expect(gps.isWatching()).toBe(true);
    },
  );

  it('watches by itself once allowed, and stops when the person leaves home', async () => {
    const gps = fakeGeolocation();
    fakePermissions('granted');
    stubApi({
      'GET /api/contacts': () => ok([luis]),
      'GET /api/profile': () => new Promise<Response>(() => undefined),
    });
    const { router } = renderApp('/web/home');
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    expect(screen.queryByRole('button', { name: 'Permitir ubicación' })).toBeNull();
    expect(await screen.findByText('Buscando tu ubicación…')).toBeTruthy();
    await router.navigate({ to: '/web/profile' });
    await vi.waitFor(() => expect(gps.isWatching()).toBe(false));
  });
});
