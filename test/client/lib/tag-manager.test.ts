import { afterEach, describe, expect, it } from 'vitest';
import { loadTagManager } from '#client/lib/tag-manager.ts';

const serverMeta = (content: string) => (document.head.innerHTML = `<meta name="app-config" content='${content}'>`);
const tagManagerScripts = () => [...document.querySelectorAll('script')].map((script) => script.src);

describe('the tag manager', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
    delete window.dataLayer;
  });

  it('is not loaded when the operator set no GTM_ID', () => {
    serverMeta('{"chatUrl":null,"gtmId":null}');
    loadTagManager();
    expect(tagManagerScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('is loaded once, from Google, with its start marked in dataLayer, when GTM_ID is set', () => {
    serverMeta('{"chatUrl":null,"gtmId":"GTM-ABC1234"}');
    loadTagManager();
    loadTagManager();
    expect(tagManagerScripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234']);
    expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });

  it('is not loaded for an id that is not a container id', () => {
    serverMeta('{"chatUrl":null,"gtmId":"GTM-1&x=<script>"}');
    loadTagManager();
    expect(tagManagerScripts()).toEqual([]);
  });
});
