import { afterEach, describe, expect, it } from 'vitest';
import { isRefreshDue } from '#client/lib/session/session-refresh.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { signIn } from '../support/session.ts';

const HOUR_MS = 60 * 60_000;

afterEach(() => resetAll());

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
});
