import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import type { SessionState } from '#shared/browser/session-state.ts';
import { forgetSessionOnExpiry } from '#client/lib/forget-on-expiry.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import {
  getSessionState,
  persistSessionNow,
  resetAll,
  restoreSession,
  setAuth,
} from '#client/lib/session/session-store.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { aSession, signIn } from '../../support/session.ts';
import { typeInto } from '../../support/type-into.ts';

// A file of its own: the store is restored here, as in the app, so it writes through to IndexedDB.
// Each test reads IndexedDB the moment the router starts for the next screen: what a phone closed or
// locked right then would reopen on (IndexedDB answers requests in the order they were made).

afterEach(async () => {
  vi.unstubAllGlobals();
  onSessionExpired(() => undefined);
  await resetAll();
});

/** The stored session as it is when the router starts for `pathname`. */
function storedWhenGoingTo(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  let read: Promise<SessionState> | undefined;
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (toLocation.pathname === pathname) read ??= readStoredSession();
  });
  return () => {
    expect(read, `no navigation to ${pathname}`).toBeDefined();
    return read!;
  };
}

describe('signing in', () => {
  it('with the code stores the session before home shows, so a phone closed right then reopens signed in', async () => {
    await restoreSession();
    setAuth({ email: 'ana@example.com' });
    const session = aSession({ contacts: 2, access_token: 'access-new', refresh_token: 'refresh-new' });
    stubApi({ 'POST /api/verify': () => ok(session), 'GET /api/contacts': () => ok([]) });
    const { router } = renderApp('/web/auth/verify');
    const stored = storedWhenGoingTo(router, '/web/home');

    fireEvent.paste(await screen.findByLabelText('Dígito 1 de 4'), { clipboardData: { getData: () => '4321' } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));

    expect((await stored()).auth).toEqual(getSessionState().auth);
    expect(getSessionState().auth).toMatchObject({
      access_token: 'access-new',
      refresh_token: 'refresh-new',
      code: '',
    });
  });

  it('by creating the account stores the session before the first-contact screen shows', async () => {
    await restoreSession();
    setAuth({ email: 'nuevo@example.com', code: '4321' });
    stubApi({ 'POST /api/signup': () => ok(aSession({ contacts: 0, access_token: 'access-new' })) });
    const { router } = renderApp('/web/auth/signup');
    const stored = storedWhenGoingTo(router, '/web/auth/contacts');

    typeInto(await screen.findByLabelText('Nombres'), 'Ana');
    typeInto(screen.getByLabelText('Apellidos'), 'López');
    typeInto(screen.getByLabelText('Teléfono'), '(305) 555-0123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/contacts'));

    expect((await stored()).auth).toEqual(getSessionState().auth);
    expect(getSessionState().auth).toMatchObject({ access_token: 'access-new', code: '', contacts: 0 });
  });
});

describe('a session the server refused (a 401 a refresh could not cure)', () => {
  it('is stored as ended before sign-in shows, so a phone closed right then does not reopen on its home', async () => {
    expectConsole('warn');
    await restoreSession();
    signIn();
    await persistSessionNow();
    stubApi({
      'GET /api/contacts': () => json(401, { success: false, message: 'No autorizado' }),
      'POST /api/refresh': () => json(401, { success: false, message: 'Sesión no válida' }),
    });
    const { router, queryClient } = renderApp('/web/home');
    forgetSessionOnExpiry(queryClient, () => void router.navigate({ to: '/web/auth/signin', replace: true }));
    const stored = storedWhenGoingTo(router, '/web/auth/signin');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));

    expect((await stored()).auth).toEqual(getSessionState().auth);
    expect(getSessionState().auth).toMatchObject({ access_token: '', refresh_token: '' });
  });
});
