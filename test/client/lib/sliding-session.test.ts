import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRefreshDue, refreshSession } from '#client/lib/session/session-refresh.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../support/fetch-stub.ts';
import { aSession, signIn } from '../support/session.ts';

const HOUR_MS = 60 * 60_000;

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('sliding session', () => {
  it('refreshes a token once it is a day old, not before', () => {
    const now = Date.now();
    signIn({ issued_at: new Date(now - 23 * HOUR_MS).toISOString() });
    expect(isRefreshDue(now)).toBe(false);
    signIn({ issued_at: new Date(now - 24 * HOUR_MS).toISOString() });
    expect(isRefreshDue(now)).toBe(true);
  });

  it('has nothing to refresh without a session', () => {
    resetAll();
    expect(isRefreshDue()).toBe(false);
  });

  it("takes the refreshed tokens and profile but keeps the phone's alert_status: a start still queued is not the server's yet", async () => {
    signIn({ alert_status: true, access_token: 'access-old' });
    const before = getSessionState();
    const refreshed = aSession({
      access_token: 'access-new',
      refresh_token: 'refresh-new',
      name: 'Ana María López',
      alert_status: false,
    });
    stubFetch(() => json(200, { success: true, message: refreshed }));

    expect(await refreshSession('access-old')).toBe('refreshed');

    expect(getSessionState()).toEqual({
      ...before,
      auth: { ...before.auth, ...refreshed, code: '', alert_status: true },
    });
  });
});
