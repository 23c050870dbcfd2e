import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { HTTP_TIMEOUT_MS, SESSION_STORE_KEY } from '#shared/constants.ts';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { getSessionState, resetAll, setUi } from '#client/lib/session/session-store.ts';
import { expectConsole } from '../../support/fail-on-console.ts';
import { json, stubFetch } from '../support/fetch-stub.ts';
import { aSession, signIn } from '../support/session.ts';

beforeEach(() => signIn());

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.innerHTML = '';
  onSessionExpired(() => undefined);
  resetAll();
  // What a refresh or another tab stored would otherwise stand in for the next test's session.
  await createEncryptedStorage(SESSION_STORE_KEY).remove();
});

describe('API client', () => {
  it('sends JSON with the bearer token and the page tokens', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="csrf-1"><meta name="api-token" content="api-1">';
    const { calls } = stubFetch(() => json(200, { success: true, message: [] }));
    const data = await apiRequest('POST', '/contacts', { body: { firstname: 'Luis' } });
    expect(data).toEqual({ success: true, message: [] });
    expect(calls[0]).toMatchObject({
      url: '/api/contacts',
      method: 'POST',
      body: { firstname: 'Luis' },
      headers: {
        authorization: 'Bearer access-1',
        'content-type': 'application/json',
        'x-csrf-token': 'csrf-1',
        'x-api-token': 'api-1',
      },
    });
  });

  it('gives up after 10 seconds with a Spanish message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A server that never answers: only the abort ends the request.
    stubFetch(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('GET', '/contacts').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'El servidor tardó demasiado en responder.' });
  });

  it('reports a network failure as an ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('GET', '/contacts')).rejects.toMatchObject({
      status: 0,
      message: 'No hay conexión con el servidor. Revisa tu conexión.',
    });
  });

  it('re-throws server errors with their status and body', async () => {
    stubFetch(() => json(422, { success: false, message: 'Datos', errors: { email: ['Ya existe'] } }));
    const error = await apiRequest('POST', '/contacts').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Ya existe'] });
  });

  it('refreshes an expired token once and retries the call', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/refresh')
        return json(200, {
          success: true,
          message: aSession({ access_token: 'access-2', refresh_token: 'refresh-2' }),
        });
      return call.headers.authorization === 'Bearer access-2'
        ? json(200, { success: true, message: 'ok' })
        : json(401, { success: false, message: 'Sesión expirada' });
    });
    await expect(apiRequest('GET', '/profile')).resolves.toEqual({ success: true, message: 'ok' });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/refresh', '/api/profile']);
    expect(calls[1]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(getSessionState().auth.access_token).toBe('access-2');
  });

  it('ends the session, warns and goes to sign-in when the refresh does not help', async () => {
    expectConsole('warn');
    const goToSignin = vi.fn();
    onSessionExpired(goToSignin);
    // A UI slice of its own, so a reset that kept it would show.
    setUi({ isDark: true, sidebarCollapsed: true, language: 'es' });
    stubFetch(() => json(401, { success: false, message: 'Sesión expirada' }));
    await expect(apiRequest('GET', '/profile')).rejects.toMatchObject({ status: 401, message: 'Sesión expirada' });
    // Every slice back to its defaults, not just the token.
    expect(getSessionState()).toEqual(defaultSessionState());
    expect(console.warn).toHaveBeenCalledWith('Sesión expirada');
    expect(goToSignin).toHaveBeenCalledOnce();
  });

  it.each([
    ['no reply', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', () => json(503, { success: false, message: 'Servicio no disponible' })],
    ['a 429', () => json(429, { success: false, message: 'Demasiadas solicitudes' })],
    ['a 200 it cannot read', () => json(200, { success: true, message: 'no es una sesión' })],
  ])('keeps the session when the refresh meets %s: a network trouble, not a sign-out', async (_, refresh) => {
    const goToSignin = vi.fn();
    onSessionExpired(goToSignin);
    const before = getSessionState();
    const { calls } = stubFetch((call) =>
      call.url === '/api/refresh' ? refresh() : json(401, { success: false, message: 'Sesión expirada' }),
    );
    await expect(apiRequest('GET', '/profile')).rejects.toMatchObject({
      status: 0,
      message: 'No hay conexión con el servidor. Revisa tu conexión.',
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/refresh']);
    expect(getSessionState()).toEqual(before);
    expect(goToSignin).not.toHaveBeenCalled();
  });

  it('uses a token another tab already refreshed instead of refreshing again', async () => {
    const otherTab = aSession({ access_token: 'access-3', refresh_token: 'refresh-3' });
    await createEncryptedStorage(SESSION_STORE_KEY).write(JSON.stringify({ auth: otherTab, ui: {} }));
    const { calls } = stubFetch((call) =>
      call.headers.authorization === 'Bearer access-3'
        ? json(200, { success: true, message: 'ok' })
        : json(401, { success: false, message: 'Sesión expirada' }),
    );
    await expect(apiRequest('GET', '/profile')).resolves.toEqual({ success: true, message: 'ok' });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/profile']);
  });

  it('does not try to refresh calls made without a session', async () => {
    resetAll();
    const { calls } = stubFetch(() => json(401, { success: false, message: 'Sesión expirada' }));
    await expect(apiRequest('POST', '/verify', { authenticated: false })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});
