import { describe, expect, it } from 'vitest';
import { isSessionValid } from '#client/lib/session/session-validity.ts';

const now = Date.parse('2026-01-01T00:00:00Z');

describe('session validity', () => {
  it('accepts a token whose expiry lies in the future', () => {
    expect(isSessionValid({ access_token: 't', expires_at: '2026-01-02T00:00:00Z' }, now)).toBe(true);
  });

  it('refuses a missing token, a missing or invalid expiry and a past expiry', () => {
    expect(isSessionValid({ access_token: '', expires_at: '2026-01-02T00:00:00Z' }, now)).toBe(false);
    expect(isSessionValid({ access_token: 't', expires_at: '' }, now)).toBe(false);
    expect(isSessionValid({ access_token: 't', expires_at: 'mañana' }, now)).toBe(false);
    expect(isSessionValid({ access_token: 't', expires_at: '2025-12-31T23:59:59Z' }, now)).toBe(false);
    expect(isSessionValid({ access_token: 't', expires_at: '2026-01-01T00:00:00Z' }, now)).toBe(false);
  });
});
