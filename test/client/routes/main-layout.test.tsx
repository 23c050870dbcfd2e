import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY } from '#shared/constants.ts';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import { getSessionState, persistSessionNow, resetAll, restoreSession } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../support/fetch-stub.ts';
import { renderApp } from '../support/render-app.tsx';
import { signIn } from '../support/session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  window.dataLayer = [];
  resetAll();
});

describe('main layout', () => {
  it('greets the person and shows the home instruction and navigation', async () => {
    document.head.innerHTML = `<meta name="app-config" content='{"chatUrl":"https://chat.example.com/"}'>`;
    stubFetch(() => json(200, { success: true, message: [] }));
    signIn();
    renderApp('/web/home');
    expect(await screen.findByText('Hola, Ana López')).toBeTruthy();
    expect(screen.getByText('+13055550123')).toBeTruthy();
    expect(
      screen.getByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(nav.textContent).toContain('Inicio');
    expect(screen.getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/web/profile');
    // The screen shown is the one marked for screen readers, and only it.
    expect(screen.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Perfil' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Agregar Contacto' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Agregar Contacto' }).getAttribute('href')).toBe('/web/contact');
    const chat = screen.getByRole('link', { name: 'Hablemos' });
    expect(chat.getAttribute('href')).toBe('https://chat.example.com/');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
  });

  it('signs out: tells the server, forgets the session and the cached contacts, and goes to sign-in', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: 'Sesión cerrada' }));
    await encryptedAsyncStorage.setItem(
      QUERY_STORE_KEY,
      '{"clientState":{"queries":[{"state":{"data":"luis@example.com"}}]}}',
    );
    signIn();
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(calls.find((call) => call.url === '/api/logout')).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer access-1' },
    });
    expect(getSessionState().auth.access_token).toBe('');
    await vi.waitFor(async () => expect(await encryptedAsyncStorage.getItem(QUERY_STORE_KEY)).toBeNull());
    expect(window.dataLayer).toContainEqual({ event: 'logout' });
    expect(JSON.stringify(window.dataLayer)).not.toContain('ana@example.com');
  });

  it('has stored the signed-out state by the time sign-in shows: an app closed then reopens signed out', async () => {
    stubFetch(() => json(200, { success: true, message: 'Sesión cerrada' }));
    await restoreSession();
    signIn();
    await persistSessionNow();
    expect((await readStoredSession()).auth.access_token).toBe('access-1');
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect((await readStoredSession()).auth).toMatchObject({ access_token: '', refresh_token: '' });
  });
});
