import { describe, expect, it } from 'vitest';
import { relyingParty } from '#server/staff/relying-party.ts';

describe("the passkeys' relying party", () => {
  it("is PUBLIC_URL's host, and localhost on the same port for a loopback address (browsers refuse an IP)", () => {
    expect(relyingParty({ publicUrl: 'https://ayuda.firma.org' })).toEqual({
      id: 'ayuda.firma.org',
      origin: 'https://ayuda.firma.org',
      deskUrl: 'https://ayuda.firma.org/web/desk',
    });
    for (const publicUrl of [
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
      'http://127.0.0.2:8080',
    ])
      expect(relyingParty({ publicUrl }), publicUrl).toEqual({
        id: 'localhost',
        origin: 'http://localhost:8080',
        deskUrl: 'http://localhost:8080/web/desk',
      });
  });
});
