import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshAppConfig } from '#client/lib/app-config-refresh.ts';
import { currentAppConfig, readAppConfig, subscribeAppConfig } from '#client/lib/meta-tags.ts';
import { json, stubFetch } from '../support/fetch-stub.ts';

const serverMeta = (content: string) => (document.head.innerHTML = `<meta name="app-config" content='${content}'>`);

describe('the operator settings (chat link)', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
  });

  it('come from the page the server wrote, and stay for pages the service worker answers with the bare shell', () => {
    serverMeta('{"chatUrl":"https://wa.me/15555550100","gtmId":null}');
    expect(readAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550100' });

    document.head.innerHTML = '';
    expect(readAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550100' });
  });

  it('follow the server when it changes them, and are empty when never known or unreadable', () => {
    expect(readAppConfig()).toEqual({});
    serverMeta('{"chatUrl":"https://wa.me/15555550100"}');
    readAppConfig();
    serverMeta('{"chatUrl":null}');
    expect(readAppConfig()).toEqual({ chatUrl: null });
    serverMeta('{"chatUrl":"javascript:alert(1)"');
    expect(readAppConfig()).toEqual({ chatUrl: null });
  });
});

describe('an installed app, whose pages the service worker answers with the shell it cached', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    localStorage.clear();
  });

  it('learns a chat link the operator changed since its first visit, and keeps it for the next start', async () => {
    // The first visit's page (from the network) carried the old link; the worker's shell carries none.
    serverMeta('{"chatUrl":"https://wa.me/15555550100","gtmId":null}');
    readAppConfig();
    document.head.innerHTML = '';
    expect(currentAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550100' });
    let changes = 0;
    const stop = subscribeAppConfig(() => (changes += 1));

    // Offline: the kept link stays.
    const offline = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await refreshAppConfig();
    expect(offline.calls.map((call) => call.url)).toEqual(['/api/app-config']);
    expect(currentAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550100' });

    stubFetch(() => json(200, { success: true, message: { chatUrl: 'https://wa.me/15555550199', gtmId: null } }));
    await refreshAppConfig();
    stop();

    expect(changes).toBe(1);
    expect(currentAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550199' });
    // The next start, again on the worker's shell.
    expect(readAppConfig()).toEqual({ chatUrl: 'https://wa.me/15555550199' });
  });
});
