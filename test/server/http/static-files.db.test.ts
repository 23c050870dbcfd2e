import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  let t: TestApp;
  let noBuild: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CHAT_URL: 'https://wa.me/1555"><script>', GTM_ID: '' } });
    await mkdir(path.join(t.buildDir, 'assets'), { recursive: true });
    await writeFile(
      path.join(t.buildDir, 'index.html'),
      '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(t.buildDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(t.buildDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(t.buildDir, 'manifest.webmanifest'), '{}');
    noBuild = await createTestApp({ database: t.database });
  });
  afterAll(async () => {
    await noBuild.close({ keepDatabase: true });
    await t.close();
  });

  it('sends the home page when someone opens the bare address', async () => {
    const res = await t.app.request('/', { headers: html });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/web/home');
  });

  it('answers /robots.txt with the rules for crawlers, not the app shell, to browsers and crawlers alike', async () => {
    for (const headers of [html, { accept: '*/*' }, {} as Record<string, string>]) {
      const res = await t.app.request('/robots.txt', { headers });
      expect({ status: res.status, type: res.headers.get('content-type'), body: await res.text() }).toEqual({
        status: 200,
        type: 'text/plain; charset=UTF-8',
        body: 'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /web/active/\n',
      });
    }
  });

  it('answers every page address with the app shell, so the app can show its own 404', async () => {
    for (const page of ['/web', '/web/home', '/web/auth/signin', '/unauthorized', '/no/existe']) {
      const res = await t.app.request(page, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it('answers curl and any caller that takes HTML with the shell, and keeps API and asset paths as they were', async () => {
    // curl sends `Accept: */*`; some clients send no Accept at all.
    for (const headers of [
      { accept: '*/*' },
      {} as Record<string, string>,
      { accept: 'text/*' },
      { accept: 'application/json;q=0.5, text/html' },
    ]) {
      for (const page of ['/web', '/web/home', '/no/existe']) {
        const res = await t.app.request(page, { headers });
        expect({
          page,
          headers,
          status: res.status,
          type: res.headers.get('content-type'),
          cache: res.headers.get('cache-control'),
        }).toEqual({
          page,
          headers,
          status: 200,
          type: 'text/html; charset=UTF-8',
          cache: 'no-cache',
        });
        expect(await res.text()).toContain('<div id="root"></div>');
      }
    }
    const bare = await t.app.request('/', { headers: { accept: '*/*' } });
    expect([bare.status, bare.headers.get('location')]).toEqual([302, '/web/home']);

    const api = await t.app.request('/api/no-existe', { headers: { accept: '*/*' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(await api.json()).toEqual({ success: false, message: apiMessages.notFound });
    expect((await t.app.request('/build/assets/nope.js', { headers: { accept: '*/*' } })).status).toBe(404);
    const asset = await t.app.request('/build/assets/index-abc123.js', { headers: { accept: '*/*' } });
    expect([asset.status, await asset.text()]).toEqual([200, 'console.log(1)']);
  });

  it('does not answer a caller that prefers something other than HTML with the shell', async () => {
    // A browser asking for a favicon takes */* only as a fallback.
    for (const accept of [
      'image/*',
      'application/json',
      'image/avif,image/webp,image/*,*/*;q=0.8',
      'text/html;q=0, */*;q=0.1',
    ]) {
      const res = await t.app.request('/favicon.ico', { headers: { accept } });
      expect({ accept, status: res.status }).toEqual({ accept, status: 404 });
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await t.app.request('/web/home', { method: 'HEAD', headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('puts the operator settings into the shell, safely escaped', async () => {
    const page = await (await t.app.request('/web/home', { headers: html })).text();
    const meta = /<meta name="app-config" content="([^"]*)">/.exec(page)?.[1] ?? '';
    expect(meta).not.toContain('<');
    const decoded = meta
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ chatUrl: 'https://wa.me/1555"><script>', gtmId: null, firmName: 'IAD' });
  });

  it('tells an installed app the current operator settings, which its cached shell cannot carry', async () => {
    const res = await t.call('GET', 'app-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      message: { chatUrl: 'https://wa.me/1555"><script>', gtmId: null, firmName: 'IAD' },
    });
  });

  it('lets browsers keep hashed files for a year and always recheck the service worker', async () => {
    const asset = await t.app.request('/build/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');

    const sw = await t.app.request('/build/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('service-worker-allowed')).toBe('/');

    expect((await t.app.request('/build/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, and never a copy older than the file', async () => {
    const script = `console.log(${JSON.stringify('¡Hola! '.repeat(400))})`;
    const file = path.join(t.buildDir, 'assets', 'big-def456.js');
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    const get = (acceptEncoding: string) =>
      t.app.request('/build/assets/big-def456.js', { headers: { 'accept-encoding': acceptEncoding } });

    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);
    const gz = await get('gzip;q=1, br;q=0');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    // The file changed after its copies were made (a hand edit, a partial deploy): send the file.
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const stale = await get('br, gzip');
    expect(stale.headers.get('content-encoding')).toBeNull();
    expect(await stale.text()).toBe(script);
  });

  it('answers missing files and escapes from the build folder with 404', async () => {
    expect((await t.app.request('/build/assets/nope.js')).status).toBe(404);
    expect((await t.app.request('/build/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.app.request('/favicon.ico', { headers: { accept: 'image/*' } })).status).toBe(404);
  });

  it('tells the operator to build the app when the build folder is missing', async () => {
    const res = await noBuild.app.request('/web/home', { headers: html });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
