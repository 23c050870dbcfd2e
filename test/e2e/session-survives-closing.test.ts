import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { enterWithEmailedCode, signOutInBrowser } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { phoneProfile } from '#test/support/phone-profile.ts';
import { seedPerson } from '#test/support/seeded-person.ts';
import { alertMailsTo } from '#test/support/sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

// Who is signed in decides what a reopened phone shows: home and its SOS button, or sign-in, which
// needs the e-mail, a code and signal. A phone may close the app or lock the moment a screen shows:
// the screen that follows a sign-in or a sign-out must come only once that change is stored.

let app: RunningApp | undefined;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

function running(): RunningApp {
  if (!app) throw new Error('The app starts in beforeAll');
  return app;
}

/**
 * A slow phone: storing takes a moment (its encryption, here), so a screen shown before the store
 * finished would show well before it. Only in this page, not in the service worker.
 */
const slowStorage = (delayMs: number) => `(() => {
  const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
  crypto.subtle.encrypt = (...args) =>
    encrypt(...args).then((sealed) => new Promise((resolve) => setTimeout(() => resolve(sealed), ${delayMs})));
})();`;

/**
 * Everything the app's state store holds, opened the way the app opens it (the device key, AES-GCM
 * with the IV first): what anyone holding the phone could read of the person.
 */
function readableState(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const all = <T>(db: IDBDatabase, store: string) =>
      new Promise<T[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const keys = await open('sos-keys');
    const [key] = await all<CryptoKey>(keys, 'keys');
    keys.close();
    const state = await open('sos-state');
    const sealed = await all<Uint8Array>(state, 'state');
    state.close();
    if (!key) return sealed.map(() => 'sin llave');
    return Promise.all(
      sealed.map(async (bytes) => {
        const view = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: view.subarray(0, 12) },
          key,
          view.subarray(12),
        );
        return new TextDecoder().decode(plain);
      }),
    );
  });
}

/** The app's own home (not index.html's early home), or sign-in: whichever the reopened app settles on. */
const appHomeOrSignin = (page: Page) =>
  page.locator('.sos-button:not(#early-sos)').or(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }));

/** A person with a confirmed contact, on a phone that has the app's worker installed and storing slowly. */
async function phoneOnSignin(tag: string, storeDelayMs = 300) {
  const email = `${tag}@example.org`;
  const contactEmail = `${tag}-contacto@example.org`;
  await seedPerson(running(), {
    email,
    firstname: 'Elena',
    lastname: tag,
    phone: '+12025550143',
    contact: { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '+13055550100', kinship: 'Hermano' },
  });
  const phone = await phoneProfile();
  onTestFinished(() => phone.remove());
  const context = await phone.open();
  await context.addInitScript(slowStorage(storeDelayMs));
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${running().url}/web/auth/signin`);
  await controlledByWorker(page);
  return { phone, page, email, contactEmail };
}

async function reopenOffline(phone: Awaited<ReturnType<typeof phoneOnSignin>>['phone']) {
  const context: BrowserContext = await phone.open({ offline: true });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${running().url}/web/home`);
  await appHomeOrSignin(page).waitFor();
  return { context, page };
}

describe('a phone closed the moment a screen shows', () => {
  it('right after signing in with the code reopens offline signed in, and its SOS reaches the contact once', async () => {
    const { phone, page, email, contactEmail } = await phoneOnSignin('recien');
    await enterWithEmailedCode(page, running(), email);
    await page.waitForURL('**/web/home');
    await phone.close();

    const { context, page: reopened } = await reopenOffline(phone);
    expect(new URL(reopened.url()).pathname).toBe('/web/home');
    await reopened.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
    await reopened.waitForURL('**/web/active');
    // Playwright's offline context leaves the service worker's own requests alone: the worker may send
    // the alert at once, and the screen then rightly says so. What matters here is that it leaves, once.
    await reopened.getByText(/se enviará automáticamente|Alerta enviada a tus contactos/).waitFor();

    await context.setOffline(false);
    await waitForMail(running().dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena recien está en riesgo/ });
    expect(await alertMailsTo(running(), contactEmail)).toHaveLength(1);
  });

  it('right after signing out reopens offline on sign-in, not on the home of the session it ended', async () => {
    const { phone, page, email } = await phoneOnSignin('saliente');
    await enterWithEmailedCode(page, running(), email);
    await page.waitForURL('**/web/home');
    await signOutInBrowser(page);
    await phone.close();

    const { page: reopened } = await reopenOffline(phone);
    expect(new URL(reopened.url()).pathname).toBe('/web/auth/signin');
  });

  it('right after signing out on a phone whose storage is slower than a second, keeps nothing of the person', async () => {
    const { phone, page, email, contactEmail } = await phoneOnSignin('lenta', 1500);
    await enterWithEmailedCode(page, running(), email);
    await page.waitForURL('**/web/home');
    // Home's contacts are in the cache, and the cache on disk, before the person signs out.
    await expect.poll(async () => (await readableState(page)).join('\n'), { timeout: 30_000 }).toContain(contactEmail);
    await signOutInBrowser(page);
    await phone.close();

    const { page: reopened } = await reopenOffline(phone);
    expect(new URL(reopened.url()).pathname).toBe('/web/auth/signin');
    const left = (await readableState(reopened)).join('\n');
    expect(left).not.toContain(email);
    expect(left).not.toContain(contactEmail);
  });
});
