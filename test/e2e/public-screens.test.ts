import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { holdAppCode } from '#test/support/held-app-code.ts';
import { phonePage } from '#test/support/browser-flows.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { twoFramesDrawn } from '#test/support/viewport.ts';

// The public screens are painted from the HTML the server sends (vite-plugins/public-screens.ts):
// their first frame is in the document, in Spanish, before any script runs; the app's first render
// replaces it with the same markup at the same place; and signin's frame never shows to someone
// the stored session says is signed in.

const env = appAndChromiumPerFile();

const SCREENS = [
  {
    path: '/web/auth/signin',
    heading: 'Iniciar sesión',
    texts: ['Escribe tu correo y te enviaremos un código de 4 dígitos.', 'Correo electrónico', 'Continuar'],
  },
  {
    path: '/unauthorized',
    heading: 'Acceso Denegado',
    texts: ['No tienes los permisos necesarios para acceder a esta página.', 'Volver al inicio'],
  },
  {
    path: '/web/no-hay-tal-pagina',
    heading: '404 Página No Encontrada',
    texts: ['Lo sentimos, la página que buscas no existe o ha sido movida.', 'Volver a la página principal'],
  },
];

/**
 * Before any script: what #root holds as parsed, and every layout shift from then on. The markup
 * as a tree of elements, text and attributes in their order: the build prerenders with React DOM,
 * the renderer that draws the app.
 */
const RECORD_FIRST_FRAME = () => {
  const tree = (node: Node): string => {
    if (node instanceof Text) return JSON.stringify(node.data);
    if (!(node instanceof Element)) return '';
    // The notices' live regions join after the first render, empty and taking no room (a layout
    // shift would show below): the screen's own markup is what must not change.
    if (node.classList.contains('toaster') && node.textContent === '') return '';
    const attributes = [...node.attributes].map(({ name, value }) => `${name}=${JSON.stringify(value)}`);
    return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(tree).join('')}</${node.localName}>`;
  };
  const record = { shifts: [] as number[], parsed: '', tree };
  (window as unknown as { record: typeof record }).record = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.shifts.push((entry as unknown as { value: number }).value);
  }).observe({ type: 'layout-shift', buffered: true });
  // 'interactive': parsed, and the app's module has not run yet.
  document.addEventListener('readystatechange', () => (record.parsed ||= tree(document.getElementById('root')!)), {
    once: true,
  });
};

type Record = { shifts: number[]; parsed: string; tree: (node: Node) => string };

/** Resolves once the app's first render has replaced the HTML's markup (its splash handling is done). */
async function appTookOver(page: Page): Promise<void> {
  await page.locator('#splash').waitFor({ state: 'detached' });
  // Two frames more: a shift is reported after the frame that shows it.
  await twoFramesDrawn(page);
}

describe('the public screens painted from the HTML', () => {
  it('are in the document the server sends, in Spanish, for their paths', async () => {
    for (const { path, heading, texts } of SCREENS) {
      const reply = await fetch(`${env.app.url}${path}`, { headers: { accept: 'text/html' } });
      expect(reply.status, path).toBe(200);
      const html = await reply.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.replace(/<[^>]+>/g, ''), path).toContain(heading);
      for (const text of texts) expect(root, path).toContain(text);
    }
    // The screens that draw from the stored session still get the splash.
    const home = await (await fetch(`${env.app.url}/web/home`, { headers: { accept: 'text/html' } })).text();
    expect(home).not.toContain('Iniciar sesión');
    expect(home).toContain('id="splash"');
  });

  it('come from the service worker offline, the same document for the same path', async () => {
    const { context, page } = await phonePage(env.browser);
    await page.goto(`${env.app.url}/web/auth/signin`);
    await controlledByWorker(page);
    await context.setOffline(true);
    for (const path of ['/web/auth/signin', '/unauthorized', '/web/home']) {
      const online = await (await fetch(`${env.app.url}${path}`, { headers: { accept: 'text/html' } })).text();
      const offline = await (await page.goto(`${env.app.url}${path}`))?.text();
      const root = (html = '') => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
      expect(root(offline), path).toBe(root(online));
    }
    await context.close();
  });

  it('show with JavaScript off, in their layout, with no splash over them', async () => {
    const context = await env.browser.newContext({
      locale: 'es-US',
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const { path, heading, texts } of SCREENS) {
      await page.goto(`${env.app.url}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.locator('#splash').isVisible(), path).toBe(false);
      for (const text of texts)
        expect(await page.getByText(text, { exact: true }).isVisible(), `${path}: ${text}`).toBe(true);
    }
    // Signin in its layout: the logo on top, the field above the button, the button the column's width.
    await page.goto(`${env.app.url}/web/auth/signin`);
    const field = await page.getByLabel('Correo electrónico').boundingBox();
    const button = await page.getByRole('button', { name: 'Continuar' }).boundingBox();
    const logo = await page.getByRole('img', { name: 'Botón de Pánico Migratorio' }).boundingBox();
    expect(logo && field && button).toBeTruthy();
    expect(logo!.y + logo!.height).toBeLessThan(field!.y);
    expect(field!.y + field!.height).toBeLessThan(button!.y);
    expect(Math.abs(button!.width - field!.width)).toBeLessThan(1);
    await context.close();
  });

  it('are taken over by the app with the very same markup and no layout shift', async () => {
    const { context, page } = await phonePage(env.browser, { serviceWorkers: 'block' });
    await context.addInitScript(RECORD_FIRST_FRAME);
    for (const { path, heading } of SCREENS) {
      await page.goto(`${env.app.url}${path}`);
      await appTookOver(page);
      await page.getByRole('heading', { name: heading }).waitFor();
      const { shifts, parsed, now } = await page.evaluate(() => {
        const { record } = window as unknown as { record: Record };
        return { shifts: record.shifts, parsed: record.parsed, now: record.tree(document.getElementById('root')!) };
      });
      // The components' own output: text or layout changed in a component changes both alike.
      expect(parsed, path).toContain(heading.split(' ').at(-1));
      expect(now, path).toBe(parsed);
      expect(shifts, path).toEqual([]);
    }
    await context.close();
  });

  it('keeps what was typed and a press of Continuar made before the app started, and sends it then', async () => {
    const { context, page } = await phonePage(env.browser, { serviceWorkers: 'block' });
    const { release } = await holdAppCode(context);
    await page.goto(`${env.app.url}/web/auth/signin`, { waitUntil: 'commit' });
    await page.getByLabel('Correo electrónico').fill('temprana.firma@example.org');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Held, not sent by the browser: the page has not gone anywhere.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/web/auth/signin');
    release();
    await page.waitForURL('**/web/auth/verify');
    await page.getByText('temprana.firma@example.org').first().waitFor();
    await context.close();
  });

  it("sends Continuar pressed on the HTML's button and let go on the app's, which the browser makes no click of", async () => {
    const { context, page } = await phonePage(env.browser, { serviceWorkers: 'block' });
    const { release } = await holdAppCode(context);
    await page.goto(`${env.app.url}/web/auth/signin`, { waitUntil: 'commit' });
    await page.getByLabel('Correo electrónico').fill('dedo.lento@example.org');
    const box = await page.getByRole('button', { name: 'Continuar' }).boundingBox();
    if (!box) throw new Error('Continuar is not drawn');
    const htmlButton = await page.evaluateHandle(() => document.querySelector('#root button'));
    // The finger goes down before the app's code runs and comes up once the app has taken over.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await page.waitForFunction((button) => !(button as Element).isConnected, htmlButton);
    await page.mouse.up();
    await page.waitForURL('**/web/auth/verify');
    await page.getByText('dedo.lento@example.org').first().waitFor();
    await context.close();
  });

  it('never shows the signin form to someone signed in: the splash, then home', async () => {
    const { context, page: first } = await personWithConfirmedContact(env.app, env.browser, 'firmada', undefined, {
      serviceWorkers: 'block',
    });
    await first.close();
    // Every frame until home: was signin's form on screen (its heading drawn, no splash over it)?
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { signinSeen: string[] }).signinSeen = seen;
      const look = () => {
        const heading = [...document.querySelectorAll('h1')].find((h1) => h1.textContent === 'Iniciar sesión');
        const splash = document.getElementById('splash');
        const covered =
          splash !== null &&
          getComputedStyle(splash).display !== 'none' &&
          !splash.classList.contains('splash--hidden');
        if (heading && heading.checkVisibility() && !covered) seen.push(location.pathname);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const page = await context.newPage();
    await page.goto(`${env.app.url}/web/auth/signin`);
    await page.waitForURL('**/web/home');
    await sosButton(page).waitFor();
    expect(await page.evaluate(() => (window as unknown as { signinSeen: string[] }).signinSeen)).toEqual([]);
    await context.close();
  });
});
