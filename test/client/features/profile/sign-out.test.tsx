import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { EMPTY_DETENTION_INFO } from '#shared/api/detention-info.ts';
import { QUERY_STORE_KEY } from '#shared/constants.ts';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import { storeSessionAndChooseNext } from '#client/features/auth/after-session.ts';
import { forgetSessionOnExpiry } from '#client/lib/forget-on-expiry.ts';
import { getSessionState, persistSessionNow, restoreSession } from '#client/lib/session/session-store.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { aSession } from '../../support/session.ts';
import { preloadScreens } from '../../support/preload-screens.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { storedQueries } from '../../support/stored-queries.ts';

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'López', phone: '+13055550123' };
const WARNING =
  'El botón SOS no funcionará hasta que vuelvas a entrar. Para entrar necesitas tu correo, un código que te enviamos y conexión a internet.';

signedInForEachTest();
preloadScreens('/web/home', '/web/profile', '/web/auth/signin');

function profileApi() {
  return stubApi({
    'GET /api/profile': () => ok(profile),
    'GET /api/profile/sessions': () => ok([]),
    'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
    'POST /api/logout': () => ok('Sesión cerrada'),
  });
}

async function openSignOut() {
  const section = await screen.findByRole('region', { name: 'Cerrar sesión' });
  fireEvent.click(within(section).getByRole('button', { name: 'Cerrar sesión' }));
  return screen.getByRole('alertdialog', { name: '¿Cerrar sesión en este teléfono?' });
}

describe('signing out', () => {
  it('is not in the header of any screen: one stray tap there turned SOS off', async () => {
    stubApi({ 'GET /api/contacts': () => ok([]) });
    renderApp('/web/home');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Hola, Ana López')).toBeTruthy();
    expect(within(header).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it('asks first on the profile, saying SOS stops working until the next sign-in, and cancelling keeps the session', async () => {
    const { calls } = profileApi();
    const { router } = renderApp('/web/profile');
    const dialog = await openSignOut();
    expect(dialog.textContent).toContain(WARNING);
    // The safe answer has the focus: Enter or a second tap keeps the session.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, seguir con la sesión' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, seguir con la sesión' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/web/profile');
    expect(getSessionState().auth.access_token).toBe('access-1');
    expect(calls.filter((call) => call.url === '/api/logout')).toEqual([]);
  });

  it('once confirmed: tells the server, forgets the session and the cached contacts, and goes to sign-in', async () => {
    const { calls } = profileApi();
    await encryptedAsyncStorage.setItem(
      QUERY_STORE_KEY,
      '{"clientState":{"queries":[{"state":{"data":"luis@example.com"}}]}}',
    );
    const { router } = renderApp('/web/profile');
    const dialog = await openSignOut();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cerrar sesión' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(calls.find((call) => call.url === '/api/logout')).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer access-1' },
    });
    expect(getSessionState().auth.access_token).toBe('');
    await vi.waitFor(async () => expect(await storedQueries()).toEqual([]));
    expect(window.dataLayer).toContainEqual({ event: 'logout' });
    expect(JSON.stringify(window.dataLayer)).not.toContain('ana@example.com');
    // Signed out by their own hand: no word of another phone.
    expect(document.body.textContent).not.toContain('otro teléfono');
  });

  it('has stored the signed-out state by the time sign-in shows: an app closed then reopens signed out', async () => {
    profileApi();
    await restoreSession();
    await persistSessionNow();
    expect((await readStoredSession()).auth.access_token).toBe('access-1');
    const { router } = renderApp('/web/profile');
    fireEvent.click(within(await openSignOut()).getByRole('button', { name: 'Sí, cerrar sesión' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect((await readStoredSession()).auth).toMatchObject({ access_token: '', refresh_token: '' });
  });
});

describe('signing out on a phone whose storage fails', () => {
  it('says so and keeps the person signed in, here and on the server, so SOS still works', async () => {
    const { calls } = profileApi();
    await restoreSession();
    await persistSessionNow();
    const stuck = vi.spyOn(IDBObjectStore.prototype, 'clear').mockImplementation(() => {
      throw new DOMException('Almacenamiento bloqueado', 'UnknownError');
    });
    onTestFinished(() => stuck.mockRestore());
    const { router } = renderApp('/web/profile');
    const dialog = await openSignOut();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cerrar sesión' }));
    await screen.findByText(
      'No pudimos borrar tus datos de este teléfono, así que tu sesión sigue abierta. Inténtalo de nuevo en un momento.',
    );
    expect(router.state.location.pathname).toBe('/web/profile');
    expect(getSessionState().auth.access_token).toBe('access-1');
    expect((await readStoredSession()).auth.access_token).toBe('access-1');
    expect(calls.filter((call) => call.url === '/api/logout')).toEqual([]);
    // The person may try again.
    const again = within(dialog).getByRole('button', { name: 'Sí, cerrar sesión' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });
});

describe('a session closed from another phone', () => {
  it('lands on sign-in with a sentence saying so, gone once the person signs in again', async () => {
    expectConsole('warn');
    // The server refuses the token and its refresh: 'Cerrar las demás sesiones' on the other phone.
    stubApi({
      'GET /api/contacts': () => json(401, { success: false, message: 'No autorizado' }),
      'POST /api/refresh': () => json(401, { success: false, message: 'Sesión no válida' }),
    });
    const { router, queryClient } = renderApp('/web/home');
    forgetSessionOnExpiry(queryClient, () => void router.navigate({ to: '/web/auth/signin', replace: true }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    const notice = await screen.findByText(
      'Tu sesión se cerró desde otro teléfono. El botón SOS no funciona hasta que vuelvas a entrar.',
    );
    expect(notice.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Iniciar sesión');
    onSessionExpired(() => undefined);
    await act(() => storeSessionAndChooseNext(aSession({ access_token: 'access-2' })));
    expect(screen.queryByText(/otro teléfono/)).toBeNull();
  });
});
