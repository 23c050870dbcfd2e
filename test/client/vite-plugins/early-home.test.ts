import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_STORE_DB, STATE_STORE_DB } from '#shared/constants.ts';
import type { Rolldown } from 'vite';
import { earlyHome } from '#client/vite-plugins/early-home.ts';

const SHELL =
  '<head><script type="module" crossorigin src="/build/assets/index-A.js"></script></head><body><div id="root"></div></body>';

function chunk(fileName: string, name: string, imports: string[], css: string[], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    name,
    isEntry,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  };
}

/** Runs the plugin over a bundle shaped like ours: the entry, home's chunk, and the logo chunk home imports. */
function build(): { html: string; script: string } {
  const plugin = earlyHome({ chunk: 'home', hintKey: 'sos_opens_home' });
  const bundle = {
    'index.html': { type: 'asset', fileName: 'index.html', source: SHELL },
    'assets/index-A.js': chunk('assets/index-A.js', 'index', [], ['assets/index-A.css'], true),
    'assets/home-B.js': chunk(
      'assets/home-B.js',
      'home',
      ['assets/index-A.js', 'assets/logo-C.js'],
      ['assets/home-B.css'],
    ),
    'assets/logo-C.js': chunk('assets/logo-C.js', 'logo', ['assets/index-A.js'], []),
    // Lazy, imported by no chunk of home's: never preloaded.
    'assets/forms-E.js': chunk('assets/forms-E.js', 'forms', ['assets/index-A.js'], []),
  } as unknown as Rolldown.OutputBundle;
  let script = '';
  const context = {
    emitFile: ({ source }: { source: string }) => {
      script = source;
      return 'reference';
    },
    getFileName: () => 'assets/early-home-D.js',
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/build/' });
  const hook = plugin.generateBundle as unknown as {
    handler: (this: typeof context, output: unknown, bundle: Rolldown.OutputBundle) => void;
  };
  hook.handler.call(context, {}, bundle);
  const html = bundle['index.html'] as Rolldown.OutputAsset;
  return { html: String(html.source), script };
}

/** The links that are live in the head (a template's content is not). */
function preloads(): string[] {
  const attribute = (link: Element, name: string) =>
    link.hasAttribute(name) ? `${name}=${link.getAttribute(name) || "''"}` : '';
  return [...document.head.querySelectorAll('link')].map((link) =>
    ['rel', 'as', 'href', 'crossorigin']
      .map((name) => attribute(link, name))
      .filter(Boolean)
      .join(' '),
  );
}

/** The built page as the browser would parse it: the head, the script run there, then the body. */
function openPage(html: string, script: string): void {
  document.head.innerHTML = /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
  new Function(script)();
  document.body.innerHTML = /<body>(.*)<\/body>/s.exec(html)?.[1] ?? '';
}

const earlySos = () => document.getElementById('early-sos') as HTMLButtonElement;

afterEach(() => {
  // The script's click listener stays on the document: each test's button is a new one, and the
  // listener of an earlier test records on <html> like the new one would.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const key of Object.keys(document.documentElement.dataset)) delete document.documentElement.dataset[key];
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the early home in the page: preloads', () => {
  it("takes the entry's place, classic and blocking, so it runs before the first paint, and starts the entry itself", () => {
    const { html, script } = build();
    expect(html).toContain('<script src="/build/assets/early-home-D.js"></script>');
    expect(html).not.toContain('index-A.js');
    expect(script).toContain('x.src="/build/assets/index-A.js"');
  });

  it('fetches nothing by itself: the links wait in a template', () => {
    const { html } = build();
    document.head.innerHTML = html.replace(/^<head>|<\/head>.*$/gs, '');
    expect(preloads()).toEqual([]);
  });

  it("asks for home's chunk, the chunk it imports and its stylesheet with the entry when the stored session opens home", async () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    // With the entry, after the first paint (entry-after-paint.test.ts).
    await vi.waitFor(() => expect(document.head.querySelector('script[type=module]')).not.toBeNull());
    expect(preloads()).toEqual([
      "rel=modulepreload href=/build/assets/home-B.js crossorigin=''",
      "rel=modulepreload href=/build/assets/logo-C.js crossorigin=''",
      "rel=preload as=style href=/build/assets/home-B.css crossorigin=''",
    ]);
  });

  it('asks for nothing without the hint', async () => {
    const { html, script } = build();
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    await vi.waitFor(() => expect(document.head.querySelector('script[type=module]')).not.toBeNull());
    expect(preloads()).toEqual([]);
  });
});

describe("the early home in the page: the stored session's databases", () => {
  const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name).sort();

  it('creates no database where none was stored', async () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    // Each open ends (aborted upgrade or success) before a second one of the same name: wait for ours.
    await new Promise<void>((resolve) => {
      const probe = indexedDB.open('probe-after-early-opens');
      probe.onsuccess = () => {
        probe.result.close();
        indexedDB.deleteDatabase('probe-after-early-opens').onsuccess = () => resolve();
      };
    });
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([]));
  });

  it('leaves stored databases as they were, and closes them: a later upgrade or deletion is never blocked', async () => {
    const opened = (request: IDBOpenDBRequest) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    for (const [name, store] of [
      [KEY_STORE_DB, 'keys'],
      [STATE_STORE_DB, 'state'],
    ] as const) {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.result.createObjectStore(store);
      (await opened(request)).close();
    }
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    for (const [name, store] of [
      [KEY_STORE_DB, 'keys'],
      [STATE_STORE_DB, 'state'],
    ] as const) {
      const database = await opened(indexedDB.open(name));
      expect([database.version, [...database.objectStoreNames]]).toEqual([1, [store]]);
      database.close();
      // A deletion waits for every open connection: it ends at once only if the page's own closed.
      const deleted = new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onblocked = () => resolve('blocked');
        request.onsuccess = () => resolve('deleted');
      });
      expect(await deleted).toBe('deleted');
    }
  });
});

describe('the early home in the page: home drawn before the app', () => {
  it('is drawn, and the splash is not, when the stored session opens on home', () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    expect(document.documentElement.dataset.opens).toBe('home');
    expect(earlySos().getAttribute('aria-label')).toBe('SOS: avisar a mis contactos');
    expect(document.querySelector('#root h1')?.textContent).toBe('Inicio');
  });

  it('is not drawn without the hint, nor on another screen of a signed-in person', () => {
    const { html, script } = build();
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    expect(document.documentElement.dataset.opens).toBeUndefined();
    localStorage.setItem('sos_opens_home', '1');
    for (const path of ['/web/profile', '/web/active/ack/abc', '/web/auth/signin']) {
      history.replaceState(null, '', path);
      openPage(html, script);
      expect(document.documentElement.dataset.opens, path).toBeUndefined();
    }
  });

  it('records a press once, on <html>, and shows the button sending', () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/');
    openPage(html, script);
    const before = Date.now();
    earlySos().click();
    const pressedAt = Number(document.documentElement.dataset.sosPressedAt);
    expect(pressedAt).toBeGreaterThanOrEqual(before);
    expect(earlySos().disabled).toBe(true);
    expect(earlySos().getAttribute('aria-label')).toBe('SOS: enviando…');
    expect(earlySos().getAttribute('aria-busy')).toBe('true');
    expect(earlySos().lastElementChild?.textContent).toBe('Enviando…');
  });

  it('says offline what the app will say', () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web');
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      openPage(html, script);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
    expect(document.documentElement.dataset.offline).toBe('');
    expect(document.querySelector('.early-home__offline')?.textContent).toMatch(
      /^Sin conexión\. El botón SOS sigue funcionando/,
    );
  });
});
