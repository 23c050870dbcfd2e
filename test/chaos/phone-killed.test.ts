import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { startCuttableProxy, type CuttableProxy } from '#test/support/cuttable-proxy.ts';
import { launchKillableChromium, type KillableChromium } from '#test/support/killable-chromium.ts';
import { codeFrom, readMailbox, waitForMail } from '#test/support/mailbox.ts';
import { enterToHome, seedPerson } from '#test/support/seeded-person.ts';
import { alertMailsTo, sosButton } from '#test/support/sos-flows.ts';

// Whatever the phone has shown as saved survives the phone dying the next moment: the browser is
// SIGKILLed, storage process and all, as soon as the screen says so, then started again on the same
// profile. The network is cut by closing the proxy in front of the app, for page and worker alike.

let proxy: CuttableProxy;
let app: RunningApp;

beforeAll(async () => {
  proxy = await startCuttableProxy();
  app = await startApp({ PUBLIC_URL: proxy.url });
  proxy.setTarget(app.port);
});

afterAll(async () => {
  await app?.stop();
  await proxy?.close();
});

/**
 * A slow phone: storing takes a moment in the page (its encryption, here), so a screen shown before
 * the store finished would show well before it. Only in pages, not in the service worker.
 */
const slowStorage = (delayMs: number) => `(() => {
  const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
  crypto.subtle.encrypt = (...args) =>
    encrypt(...args).then((sealed) => new Promise((resolve) => setTimeout(() => resolve(sealed), ${delayMs})));
})();`;

/** A person with a confirmed contact, signed in on a phone of their own (a profile on disk). */
async function personOnPhone(tag: string, { storeDelayMs = 0 } = {}) {
  const email = `${tag}@example.org`;
  const contactEmail = `${tag}-contacto@example.org`;
  await seedPerson(app, {
    email,
    firstname: 'Rosa',
    lastname: tag,
    phone: '+12025550143',
    contact: { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '+13055550100', kinship: 'Hermano' },
  });
  const profile = await mkdtemp(path.join(tmpdir(), 'sos-killed-phone-'));
  let browser: KillableChromium | undefined;
  onTestFinished(async () => {
    await browser?.kill();
    await proxy.restore();
    await rm(profile, { recursive: true, force: true });
  });
  const start = async (): Promise<Page> => {
    browser = await launchKillableChromium(profile);
    return firstPage(browser.context);
  };
  const page = await start();
  if (storeDelayMs > 0) await page.context().addInitScript(slowStorage(storeDelayMs));
  await enterToHome(page, app, email);
  return {
    email,
    contactEmail,
    page,
    /** The battery dies: SIGKILL to the whole browser, nothing flushed. */
    kill: async () => {
      await browser?.kill();
      browser = undefined;
    },
    /** Charged again: the browser starts on the same profile and opens the app. */
    reopen: async (): Promise<Page> => {
      const reopened = await start();
      await reopened.goto(`${app.url}/web/home`);
      return reopened;
    },
  };
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/** How many requests the service worker's queue holds (IndexedDB `workbox-background-sync`). */
function queuedInWorker(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('requests').objectStore('requests').count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** A session of the person's own on another device, to ask the server what it holds. */
async function serverSession(email: string): Promise<string> {
  const before = (await readMailbox(app.dataDir)).length;
  const call = (apiPath: string, body: unknown) =>
    fetch(`${app.url}/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await call('signin', { email });
  const code = codeFrom(await waitForMail(app.dataDir, { to: email, subject: /Tu código de acceso/, after: before }));
  const reply = (await (await call('verify', { email, code })).json()) as { message: { access_token: string } };
  return reply.message.access_token;
}

describe('a phone killed the moment it says something is saved', () => {
  it('sends an SOS pressed offline once the phone is back, exactly once', async () => {
    const phone = await personOnPhone('sin-bateria');
    await proxy.cut();
    await sosButton(phone.page).click();
    await phone.page.getByText('Guardado en este teléfono: 1 aviso por enviar.').waitFor();
    await phone.kill();
    expect(await alertMailsTo(app, phone.contactEmail)).toEqual([]);

    await proxy.restore();
    const page = await phone.reopen();
    await waitForMail(app.dataDir, { to: phone.contactEmail, subject: /^ALERTA SOS: .* está en riesgo$/ }, 60_000);
    await expect.poll(() => queuedInWorker(page), { timeout: 30_000 }).toBe(0);
    expect(await alertMailsTo(app, phone.contactEmail)).toHaveLength(1);
  });

  it('still shows a check-in set offline on a slow phone after the phone is back, and the server gets it', async () => {
    const phone = await personOnPhone('aviso-sin-bateria', { storeDelayMs: 1500 });
    await proxy.cut();
    await phone.page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await phone.page.getByRole('radio', { name: 'Trabajo' }).check();
    await phone.page.getByRole('radio', { name: '4 horas' }).check();
    await phone.page.getByRole('button', { name: 'Activar aviso' }).click();
    await phone.page.getByRole('region', { name: 'Aviso en curso' }).waitFor();
    await phone.kill();

    // Still without signal: home shows the check-in from what the phone stored.
    const page = await phone.reopen();
    await page.getByRole('region', { name: 'Aviso en curso' }).getByText('Trabajo').waitFor({ timeout: 30_000 });

    await proxy.restore();
    const token = await serverSession(phone.email);
    await expect
      .poll(
        async () => {
          const reply = await fetch(`${app.url}/api/check-ins/current`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const body = (await reply.json()) as { message?: { purpose?: string; status?: string } | null };
          return reply.status === 200 ? { purpose: body.message?.purpose, status: body.message?.status } : null;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual({ purpose: 'trabajo', status: 'running' });
    await expect.poll(() => queuedInWorker(page), { timeout: 30_000 }).toBe(0);
  });
});
