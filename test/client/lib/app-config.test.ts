import { afterEach, describe, expect, it } from 'vitest';
import { readAppConfig } from '#client/lib/meta-tags.ts';

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
