import { describe, expect, it } from 'vitest';
import { hmac, randomCode, randomToken, seal, sha256, unseal } from '#server/security/hashing.ts';

describe('secrets at rest', () => {
  it('makes four-digit codes, zero-padded', () => {
    for (let i = 0; i < 200; i += 1) expect(randomCode()).toMatch(/^\d{4}$/);
  });

  it('makes tokens of 32 random bytes and never stores them as they are', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(sha256(token)).not.toContain(token);
    expect(randomToken()).not.toBe(token);
  });

  it('hashes codes with the server secret, so another secret gives another hash', () => {
    expect(hmac('a', '1234')).toBe(hmac('a', '1234'));
    expect(hmac('a', '1234')).not.toBe(hmac('b', '1234'));
  });

  it('opens a sealed value only with the same key and refuses tampering', () => {
    const box = seal('key-1', '{"access":"x"}');
    expect(unseal('key-1', box)).toBe('{"access":"x"}');
    expect(unseal('key-2', box)).toBeUndefined();
    expect(unseal('key-1', `${box.slice(0, -2)}AA`)).toBeUndefined();
    expect(unseal('key-1', 'garbage')).toBeUndefined();
  });
});
