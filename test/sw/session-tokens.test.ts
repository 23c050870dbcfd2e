import { describe, expect, it, vi } from 'vitest';
import { createTokenSource } from '#sw/session-tokens.ts';
import { fakeServer, json, type Answer } from './support/fake-server.ts';
import { ORIGIN } from './support/sos-requests.ts';
import { memoryLocks, refreshedSession, storeSession, storedAuth } from './support/session.ts';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';

function tokenSource(answer: () => Answer | Promise<Answer>) {
  const server = fakeServer(answer);
  const locks = memoryLocks();
  const onRefreshed = vi.fn();
  const tokens = createTokenSource({
    readSession: readStoredSession,
    writeSession: writeStoredSession,
    withLock: locks.withLock,
    send: server.send,
    origin: ORIGIN,
    now: Date.now,
    onRefreshed,
  });
  return { tokens, server, locks, onRefreshed };
}

describe('the token a replay uses', () => {
  it('is read from the encrypted session store at the moment of sending', async () => {
    await storeSession({ id: 'u7', access_token: 'access-now' });
    const { tokens } = tokenSource(() => json(500, {}));
    expect(await tokens.current()).toEqual({ token: 'access-now', userId: 'u7' });
  });

  it('is refreshed under the shared lock and written back to the store', async () => {
    await storeSession({ access_token: 'old', refresh_token: 'refresh-old', email: 'ana@example.com' });
    const { tokens, server, locks, onRefreshed } = tokenSource(() => json(200, refreshedSession('new', 'refresh-new')));

    expect(await tokens.refresh('old')).toEqual({ kind: 'token', token: 'new' });

    expect(locks.held).toEqual(['session-refresh']);
    expect(server.sent).toEqual([
      expect.objectContaining({ method: 'POST', url: `${ORIGIN}/api/refresh`, body: { refresh_token: 'refresh-old' } }),
    ]);
    expect(await storedAuth()).toMatchObject({
      access_token: 'new',
      refresh_token: 'refresh-new',
      email: 'ana@example.com',
      code: '',
    });
    expect(onRefreshed).toHaveBeenCalledTimes(1);
  });

  it("keeps the stored alert_status: a start still queued behind the refresh is the phone's, not yet the server's", async () => {
    await storeSession({ access_token: 'old', refresh_token: 'refresh-old', alert_status: true });
    const reply = refreshedSession('new', 'refresh-new');
    const { tokens } = tokenSource(() => json(200, { ...reply, message: { ...reply.message, alert_status: false } }));

    const before = await storedAuth();

    expect(await tokens.refresh('old')).toEqual({ kind: 'token', token: 'new' });

    expect(await storedAuth()).toEqual({ ...before, ...reply.message, alert_status: true, code: '' });
  });

  it('uses the token the page already refreshed instead of spending the refresh token again', async () => {
    await storeSession({ access_token: 'refreshed-by-page' });
    const { tokens, server } = tokenSource(() => json(200, refreshedSession('unused', 'unused')));

    expect(await tokens.refresh('old')).toEqual({ kind: 'token', token: 'refreshed-by-page' });
    expect(server.sent).toHaveLength(0);
  });

  it('spends a refresh token once when two refreshes race', async () => {
    await storeSession({ access_token: 'old', refresh_token: 'refresh-old' });
    const { tokens, server } = tokenSource(() => json(200, refreshedSession('new', 'refresh-new')));

    const results = await Promise.all([tokens.refresh('old'), tokens.refresh('old')]);

    expect(results).toEqual([
      { kind: 'token', token: 'new' },
      { kind: 'token', token: 'new' },
    ]);
    expect(server.sent).toHaveLength(1);
  });

  it('says sign-in is needed when the server refuses the refresh token', async () => {
    await storeSession({ access_token: 'old', refresh_token: 'revoked' });
    const { tokens } = tokenSource(() => json(401, { success: false, message: 'Sesión expirada' }));
    expect(await tokens.refresh('old')).toEqual({ kind: 'rejected' });
    expect(await storedAuth()).toMatchObject({ access_token: 'old', refresh_token: 'revoked' });
  });

  it('says sign-in is needed when nobody is signed in', async () => {
    await storeSession({ id: '', access_token: '', refresh_token: '' });
    const { tokens, server } = tokenSource(() => json(200, refreshedSession('new', 'refresh-new')));
    expect(await tokens.refresh('')).toEqual({ kind: 'rejected' });
    expect(server.sent).toHaveLength(0);
  });

  it.each<[string, Answer]>([
    ['no network', 'network-error'],
    ['a 503', json(503, {})],
    ['a 429', json(429, {})],
    ['a 200 that is not a session', new Response('<html>portal</html>', { status: 200 })],
  ])('keeps the session and asks to try later on %s', async (_name, answer) => {
    await storeSession({ access_token: 'old', refresh_token: 'refresh-old' });
    const { tokens } = tokenSource(() => answer);
    expect(await tokens.refresh('old')).toEqual({ kind: 'unavailable' });
    expect(await storedAuth()).toMatchObject({ access_token: 'old', refresh_token: 'refresh-old' });
  });
});
