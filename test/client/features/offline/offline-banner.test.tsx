import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NEEDS_SIGNAL, OFFLINE_SOS_STILL_WORKS } from '#client/features/offline/offline-texts.ts';
import { resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  vi.unstubAllGlobals();
  resetAll();
});

/** The browser loses or regains the network: navigator.onLine changes, then the window hears about it. */
function goOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

const banner = () => screen.getByRole('status', { name: 'Estado de la conexión' });

describe('the offline banner', () => {
  it('tells a signed-in person on home that the SOS button still works, and goes away when the network returns', async () => {
    stubFetch(() => json(200, { success: true, message: [] }));
    signIn();
    renderApp('/web/home');
    await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    expect(screen.queryByText(OFFLINE_SOS_STILL_WORKS)).toBeNull();

    goOnline(false);
    expect(banner().textContent).toBe(OFFLINE_SOS_STILL_WORKS);
    // Above the page, not over it: the SOS button is still there to press.
    expect(screen.getByRole('button', { name: 'SOS: avisar a mis contactos' })).toBeTruthy();

    goOnline(true);
    expect(screen.queryByText(OFFLINE_SOS_STILL_WORKS)).toBeNull();
  });

  it('shows on a screen opened with no network, without promising an SOS to someone signed out', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    renderApp('/web/auth/signin');
    await screen.findByRole('button', { name: 'Continuar' });
    expect(banner().textContent).toBe(OFFLINE_NEEDS_SIGNAL);
    expect(screen.queryByText(OFFLINE_SOS_STILL_WORKS)).toBeNull();
    goOnline(true);
    expect(screen.queryByText(OFFLINE_NEEDS_SIGNAL)).toBeNull();
  });

  it('gives way on the alert screen, which says itself where the alert stands, and comes back on home', async () => {
    stubFetch(() => json(200, { success: true, message: [] }));
    signIn({ alert_status: true });
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const { router } = renderApp('/web/active');
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    expect(screen.queryByRole('status', { name: 'Estado de la conexión' })).toBeNull();

    // Ended: home again, where the banner says what still works with no network.
    act(() => setAuth({ alert_status: false }));
    await act(() => router.navigate({ to: '/web/home' }));
    await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    expect(banner().textContent).toBe(OFFLINE_SOS_STILL_WORKS);
  });
});
