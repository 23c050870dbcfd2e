import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { launchChromium } from '#test/support/chromium.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';

// The operator changes CHAT_URL and restarts the server: an installed app, whose pages its
// service worker answers with the shell it cached (no meta tag), must show the new link.

const OLD_CHAT = 'https://chat.example.org/antes';
const NEW_CHAT = 'https://chat.example.org/ahora';

let browser: Browser | undefined;
let dataDir = '';
const apps: RunningApp[] = [];

beforeAll(async () => {
  ({ browser } = await launchChromium());
  dataDir = await mkdtemp(path.join(tmpdir(), 'sos-e2e-chat-'));
});

afterAll(async () => {
  await browser?.close();
  for (const app of apps) await app.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The same origin again (the worker belongs to it). The freed port can be taken in the
 * meantime by another process, e.g. the new server's own PostgreSQL picking a free port:
 * then try again rather than fail on a clash no person would meet.
 */
async function restartOnSamePort(previous: RunningApp, env: Record<string, string>): Promise<RunningApp> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApp({ ...env, PORT: String(previous.port), PUBLIC_URL: previous.url });
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

describe('a chat link changed by the operator', () => {
  it('reaches an app whose worker serves the cached shell, on its next start', async () => {
    if (!browser) throw new Error('Chromium starts in beforeAll');
    // Its own data folder, kept across the restart: same database, same secret, same session.
    // (dataDir told apart: the e-mails land in the folder the server uses.)
    const before = { ...(await startApp({ DATA_DIR: dataDir, CHAT_URL: OLD_CHAT })), dataDir };
    apps.push(before);
    const { context, page } = await personWithConfirmedContact(before, browser, 'chat');
    const chat = page.getByRole('link', { name: 'Hablemos' });
    expect(await chat.getAttribute('href')).toBe(OLD_CHAT);

    await before.stop();
    const after = { ...(await restartOnSamePort(before, { DATA_DIR: dataDir, CHAT_URL: NEW_CHAT })), dataDir };
    apps.push(after);
    const reopened = await page.reload();
    // The page came from the worker's cached shell, which carries no settings of its own.
    expect(reopened?.fromServiceWorker()).toBe(true);
    expect(await page.locator('meta[name="app-config"]').count()).toBe(0);

    await expect.poll(() => chat.getAttribute('href'), { timeout: 30_000 }).toBe(NEW_CHAT);
    await context.close();
  });
});
