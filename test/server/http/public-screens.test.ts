import { describe, expect, it } from 'vitest';
import { documentFor, type ScreensManifest } from '#shared/public-screens.ts';

// The build's manifest as vite-plugins/public-screens.ts writes it (the router's real patterns).
const manifest: ScreensManifest = {
  screens: ['/web/auth/signin', '/unauthorized'],
  routes: [
    '/',
    '/unauthorized',
    '/web',
    '/web/home',
    '/web/contact',
    '/web/contact/$contactId',
    '/web/auth',
    '/web/auth/signin',
    '/web/auth/verify',
    '/web/active/verify/$token',
  ],
};

describe('which document of the build a page gets', () => {
  it('gives a public screen its own prerendered document, however the address is written', () => {
    expect(documentFor('/web/auth/signin', manifest)).toBe('screens/web/auth/signin.html');
    expect(documentFor('/web/auth/signin/', manifest)).toBe('screens/web/auth/signin.html');
    expect(documentFor('/Web/Auth/SignIn', manifest)).toBe('screens/web/auth/signin.html');
    expect(documentFor('/unauthorized', manifest)).toBe('screens/unauthorized.html');
  });

  it('gives the screens that draw from the stored session index.html (the splash or the early home)', () => {
    for (const path of ['/', '/web', '/web/', '/web/home', '/web/auth/verify', '/web/contact', '/web/contact/4f1c-9a'])
      expect(documentFor(path, manifest), path).toBe('index.html');
  });

  it("gives a path no route knows the 404 page's document", () => {
    for (const path of ['/nada', '/web/nada', '/web/auth/signin/otra', '/web/contact/a/b', '/web/active/verify/'])
      expect(documentFor(path, manifest), path).toBe('screens/404.html');
  });

  it('leaves an address with other characters, or a build without screens, to the app', () => {
    expect(documentFor('/web/active/verify/abc.def', manifest)).toBe('index.html');
    expect(documentFor('/web/%2e%2e/x', manifest)).toBe('index.html');
    expect(documentFor('/web/auth/signin', undefined)).toBe('index.html');
    expect(documentFor('/nada', undefined)).toBe('index.html');
  });
});
