import type { Browser, BrowserContext, Page } from 'playwright-core';
import { vi } from 'vitest';
import type { AppAndChromium } from './app-and-chromium.ts';
import type { RunningApp } from './app-server.ts';
import { enterWithEmailedCode, phonePage, setPinsInBrowser } from './browser-flows.ts';
import { readMailbox } from './mailbox.ts';
import { MIAMI, personWithConfirmedContact, sosButton } from './sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

// The duress PIN's promise in a real Chromium with the real build: the same script
// of a person's actions runs twice on fresh accounts, once with the real PIN and once
// with the duress PIN from the same step on. Everything the person can observe
// afterwards must be the same: each screen's visible text, what the app keeps on the
// phone (localStorage and every IndexedDB store, the service worker's SOS queue
// included, opened with the device key as the app opens it), and the person's
// e-mails, with ids, times, tokens and the account's own name made alike.
// The server's replies are compared route by route in test/server/alerts/duress-differential.db.test.ts.

export const PIN = '2468';
export const DURESS_PIN = '1357';

/**
 * Every screen of the app's router, by what it is to this harness. A screen added
 * later and missing here fails duress-differential-alert.test.ts's first test: it is
 * compared after every script, or said to be none of the signed-in person's.
 */
export const SCREENS: Record<string, { compared: true } | { notThePersons: string }> = {
  '/web/home': { compared: true },
  '/web/active': { compared: true },
  '/web/contact': { compared: true },
  '/web/contact/$contactId': { compared: true },
  '/web/profile': { compared: true },
  '/web/check-in': { compared: true },
  '/web/practice': { compared: true },
  '/': { notThePersons: 'sends a signed-in person on to home' },
  '/unauthorized': { notThePersons: 'the page of a refused staff sign-in' },
  '/web': { notThePersons: 'sends a signed-in person on to home' },
  '/web/auth': { notThePersons: 'before a session (a signed-in person is sent home)' },
  '/web/auth/signin': { notThePersons: 'before a session; used by the new phone of the script' },
  '/web/auth/verify': { notThePersons: 'before a session; used by the new phone of the script' },
  '/web/auth/signup': { notThePersons: 'before an account' },
  '/web/auth/contacts': { notThePersons: 'first run only, before home' },
  '/web/active/unsubscribe': { notThePersons: "a contact's link" },
  '/web/active/accept': { notThePersons: "a contact's link" },
  '/web/active/invalid': { notThePersons: "a contact's link" },
  '/web/active/verify/$token': { notThePersons: "a contact's link" },
  '/web/active/confirm': { notThePersons: "a contact's link" },
  '/web/active/ack/$token': { notThePersons: "a contact's 'Lo tengo' page" },
  '/web/active/terms': { notThePersons: "the contacts' terms, opened from a contact's page" },
  '/web/desk': { notThePersons: "the firm's staff" },
  '/web/desk/entrar': { notThePersons: "the firm's staff" },
  '/web/desk/equipo': { notThePersons: "the firm's staff" },
  '/web/desk/buscar': { notThePersons: "the firm's staff" },
  '/web/desk/registro': { notThePersons: "the firm's staff" },
  '/web/desk/$alertId': { notThePersons: "the firm's staff" },
};

type Run = {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  email: string;
  tag: string;
  /** The PIN this run types wherever one is asked (the real one before the script's `then`). */
  pin: string;
  /** The contact's id, as home linked it at the start. */
  contactId: string;
  contactEmail: string;
  /** What the person has observed so far, at each checkpoint. */
  seen: Record<string, unknown>;
};
type Step = (run: Run) => Promise<void>;

async function typePin(page: Page, title: string, pin: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByLabel('PIN de 4 números').fill(pin);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const home = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
  await page.waitForURL('**/web/home');
};

const pins: Step = async ({ page }) => {
  await setPinsInBrowser(page, PIN, DURESS_PIN);
  await page.getByRole('button', { name: 'Cerrar aviso' }).click();
  await home(page);
};
const sos: Step = async ({ page }) => {
  await home(page);
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  await page.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 30_000 });
};
const end: Step = async ({ page, pin }) => {
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await typePin(page, 'Escribe tu PIN para finalizar la alerta', pin);
  await page.waitForURL('**/web/home');
};
const practice: Step = async ({ page }) => {
  await page.getByRole('link', { name: 'Probar alerta' }).click();
  await page.waitForURL('**/web/practice');
  await page.getByRole('button', { name: 'Enviar alerta de prueba' }).click();
  await page
    .getByRole('region', { name: 'A quién llegó tu prueba' })
    .getByText(/Jorge Paz/)
    .waitFor({ timeout: 30_000 });
};
const checkIn: Step = async ({ page }) => {
  await home(page);
  await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
  await page.getByRole('radio', { name: 'Cita de inmigración' }).check();
  await page.getByRole('radio', { name: '1 hora' }).check();
  await page.getByRole('button', { name: 'Activar aviso' }).click();
  await page.getByRole('region', { name: 'Aviso en curso' }).getByRole('button', { name: 'Estoy bien' }).waitFor();
};
const extend: Step = async ({ page, pin }) => {
  await home(page);
  const running = page.getByRole('region', { name: 'Aviso en curso' });
  await running.getByRole('button', { name: 'Necesito más tiempo' }).click();
  await running.getByRole('radio', { name: '2 horas' }).check();
  await running.getByRole('button', { name: 'Guardar nueva hora' }).click();
  await typePin(page, 'Escribe tu PIN para cambiar la hora', pin);
  await page.getByText('Tiempo restante:').waitFor();
};
const imOk: Step = async ({ page, pin }) => {
  await home(page);
  await page.getByRole('region', { name: 'Aviso en curso' }).getByRole('button', { name: 'Estoy bien' }).click();
  await typePin(page, 'Escribe tu PIN para cerrar el aviso', pin);
  await page.getByRole('link', { name: 'Avísales si no vuelvo' }).waitFor({ timeout: 30_000 });
};
const pinsRegion = (page: Page) => page.getByRole('region', { name: 'PIN para cerrar avisos y alertas' });
/** 'Cambiar PIN' with this run's PIN as the current one; from then on the new PIN is the one typed. */
const changePins: Step = async (run) => {
  await run.page.getByRole('link', { name: 'Perfil' }).click();
  const form = pinsRegion(run.page).getByRole('form', { name: 'Cambiar mis PIN' });
  await form.getByLabel('PIN actual').fill(run.pin);
  await form.getByLabel('Nuevo PIN para cerrar').fill('1111');
  await form.getByLabel('PIN de emergencia (bajo presión)').fill('2222');
  await form.getByRole('button', { name: 'Cambiar PIN' }).click();
  await run.page.getByText('PIN guardados.').waitFor();
  run.pin = '1111';
};
const removePins: Step = async ({ page, pin }) => {
  await page.getByRole('link', { name: 'Perfil' }).click();
  const form = pinsRegion(page).getByRole('form', { name: 'Quitar mis PIN' });
  await form.getByLabel('PIN para cerrar').fill(pin);
  await form.getByRole('button', { name: 'Quitar PIN' }).click();
  // The reply, not what profile then shows: that is for the comparison to judge.
  await page.getByText('PIN borrados.').waitFor();
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The saved query cache lists its queries in the order the page first asked for them, which
 * depends on which answer came first, not on anything the person sees: one run of the same
 * script saved 'check-in current' before 'check-in open', the other after. Sorted by their keys
 * (ids aside), before the ids are numbered in order of appearance.
 */
function inCacheOrder(items: unknown[]): unknown[] {
  const hashOf = (item: unknown) =>
    item && typeof item === 'object' && 'queryHash' in item && typeof item.queryHash === 'string'
      ? item.queryHash.replace(UUID, '<id>')
      : undefined;
  if (items.length === 0 || items.some((item) => hashOf(item) === undefined)) return items;
  return [...items].sort((a, b) => (hashOf(a) ?? '').localeCompare(hashOf(b) ?? ''));
}

/** Ids in order of appearance; times, tokens, codes and the account's own tag made alike. */
function normalised(value: unknown, tag: string): unknown {
  const names = new Map<string, string>();
  const text = (raw: string) =>
    raw
      .replaceAll(tag, '<tag>')
      .replace(UUID, (id) => {
        if (!names.has(id)) names.set(id, `<id ${names.size + 1}>`);
        return names.get(id)!;
      })
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      .replace(/\b1\d{12}(\.\d+)?\b/g, '<time>')
      // Tokens of sessions and links: long random base64url.
      .replace(/[A-Za-z0-9_-]{32,}/g, '<token>')
      // Times of day and minutes shown ('10:42 a. m.', 'hace 3 min', '1 h 59 min').
      .replace(/\b\d{1,2}:\d{2}(\s?[ap]\.\s?m\.)?/g, '<hora>')
      .replace(/\b\d+ (min|minutos?|s|segundos?|h|horas?)\b/g, '<n> $1')
      // A 4-digit code in an e-mail, not a year.
      .replace(/\b\d{4}\b(?![-\d])/g, '<code>');
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return text(item);
    // A time kept as milliseconds since 1970.
    if (typeof item === 'number') return item > 1e12 ? '<time>' : item;
    if (Array.isArray(item)) return inCacheOrder(item).map(walk);
    if (item && typeof item === 'object')
      return Object.fromEntries(
        Object.entries(item)
          // How often a cached query was fetched again: the moment a screen refetched, not what anyone is shown.
          .filter(([key]) => key !== 'dataUpdateCount')
          .map(([key, inner]) => [text(key), walk(inner)]),
      );
    return item;
  };
  return walk(value);
}

/**
 * Words of a screen still on its way: a part waiting for its data ('Cargando…'), the position (both
 * runs' phones have one, so it always comes), or the alert's and the practice's e-mails before the
 * server's or the worker's answer on them ('Comprobando a quién llegó…', 'Comprobando si ya
 * llegó…'). However long the machine makes them last, they are not what the person ends up seeing:
 * under load one run met them and the other not.
 */
const UNSETTLED = ['Cargando', 'Buscando tu ubicación', 'Estamos enviando el correo', 'Comprobando'];

/**
 * The visible text once the app has started (lib/first-paint.ts: a slow CPU kept the early home on
 * screen for more than a second), nothing waits for data and it has stayed the same for a second,
 * and where the app ended up.
 */
export async function settledScreen(page: Page, timeout = 60_000): Promise<{ at: string; text: string }> {
  const text = await page.waitForFunction(
    (unsettled) => {
      const seen = window as { settling?: { text: string; since: number } };
      const now = document.body.innerText;
      const started = document.documentElement.dataset.appStarted !== undefined;
      if (
        !started ||
        now.trim() === '' ||
        unsettled.some((words) => now.includes(words)) ||
        seen.settling?.text !== now
      ) {
        seen.settling = { text: now, since: performance.now() };
        return false;
      }
      return performance.now() - seen.settling.since >= 1000 ? now : false;
    },
    UNSETTLED,
    { polling: 200, timeout },
  );
  return { at: new URL(page.url()).pathname.replace(/[0-9a-f-]{36}/g, '<id>'), text: String(await text.jsonValue()) };
}

/** localStorage and every IndexedDB store, sealed values opened with the device key as the app opens them. */
function storedState(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error ?? new Error(name));
        request.onsuccess = () => resolve(request.result);
      });
    const all = (db: IDBDatabase, store: string) =>
      new Promise<[IDBValidKey, unknown][]>((resolve, reject) => {
        const rows: [IDBValidKey, unknown][] = [];
        const cursor = db.transaction(store, 'readonly').objectStore(store).openCursor();
        cursor.onerror = () => reject(cursor.error ?? new Error(store));
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return resolve(rows);
          rows.push([at.key, at.value]);
          at.continue();
        };
      });
    let deviceKey: CryptoKey | undefined;
    const databases = (await indexedDB.databases()).map((db) => db.name ?? '').sort();
    if (databases.includes('sos-keys')) {
      const keys = await open('sos-keys');
      deviceKey = (await all(keys, 'keys')).find(([key]) => key === 'device-key')?.[1] as CryptoKey | undefined;
      keys.close();
    }
    const reveal = async (value: unknown): Promise<unknown> => {
      if (value instanceof CryptoKey) return `<CryptoKey ${value.algorithm.name}>`;
      if (value instanceof Blob) return reveal(new Uint8Array(await value.arrayBuffer()));
      if (value instanceof ArrayBuffer) return reveal(new Uint8Array(value));
      if (ArrayBuffer.isView(value)) {
        const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
        if (deviceKey && bytes.byteLength > 12) {
          try {
            const plain = new TextDecoder().decode(
              await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, deviceKey, bytes.slice(12)),
            );
            try {
              return { sealed: await reveal(JSON.parse(plain)) };
            } catch {
              return { sealed: plain };
            }
          } catch {
            // Not sealed with the device key: its size is what can be compared.
          }
        }
        return `<${bytes.byteLength} bytes>`;
      }
      if (Array.isArray(value)) return Promise.all(value.map(reveal));
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value).sort()) out[key] = await reveal((value as Record<string, unknown>)[key]);
        return out;
      }
      return value;
    };
    const indexed: Record<string, unknown> = {};
    for (const name of databases) {
      const db = await open(name);
      for (const store of [...db.objectStoreNames].sort())
        indexed[`${name}/${store}`] = await Promise.all(
          (await all(db, store)).map(async ([key, value]) => [await reveal(key), await reveal(value)]),
        );
      db.close();
    }
    const local: Record<string, unknown> = {};
    for (const key of Object.keys(localStorage).sort()) {
      const item = localStorage.getItem(key) ?? '';
      try {
        local[key] = JSON.parse(item) as unknown;
      } catch {
        local[key] = item;
      }
    }
    return { indexed, local };
  });
}

/** How long what the phone keeps must stay the same to count as settled: writes follow answers at once. */
const STORED_STATE_QUIET_MS = 1500;

/**
 * What the phone keeps once the app's saves have landed: reads alike, once times are made alike,
 * for STORED_STATE_QUIET_MS. Both accounts are compared settled, never mid-save.
 */
async function settledStoredState(page: Page, tag: string): Promise<unknown> {
  let stable = { seen: '', since: Date.now() };
  return vi.waitFor(
    async () => {
      const state = await storedState(page);
      const seen = JSON.stringify(normalised(state, tag));
      if (seen !== stable.seen) stable = { seen, since: Date.now() };
      if (Date.now() - stable.since < STORED_STATE_QUIET_MS)
        throw new Error('What the phone keeps was still changing after 30 s');
      return state;
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** Every compared screen, opened as the person would open it, then what the phone keeps and the person's e-mails. */
const observe =
  (checkpoint: string): Step =>
  async (run) => {
    const screens: Record<string, unknown> = {};
    for (const [screen, use] of Object.entries(SCREENS)) {
      if (!('compared' in use)) continue;
      const path = screen.replace('$contactId', run.contactId);
      await run.page.goto(`${run.app.url}${path}`);
      screens[screen] = await settledScreen(run.page);
    }
    const mails = (await readMailbox(run.app.dataDir))
      .filter((mail) => mail.to.includes(run.email))
      .map((mail) => ({ subject: mail.subject, text: mail.text }));
    run.seen[checkpoint] = normalised({ screens, stored: await settledStoredState(run.page, run.tag), mails }, run.tag);
  };

/** A second phone of the person's: signed in with the e-mailed code, then everything it shows. */
const newPhone: Step = async (run) => {
  const phone = await phonePage(run.browser);
  await phone.context.grantPermissions(['geolocation'], { origin: run.app.url });
  await phone.context.setGeolocation(MIAMI);
  await enterWithEmailedCode(phone.page, run.app, run.email);
  await phone.page.waitForURL('**/web/home');
  await controlledByWorker(phone.page);
  try {
    await observe('on a new phone')({ ...run, context: phone.context, page: phone.page });
  } finally {
    await phone.context.close();
  }
};

const HOUR_MS = 60 * 60_000;
/** How far ahead of the server's clock an extension's deadline falls: the PIN dialog's time on a busy machine, and more. */
const SHOWN_LEAD_MS = 40_000;
/** The deadline each run's extension sent (ms on the server's clock), by the run's tag. */
const deadlines = new Map<string, number>();

/**
 * 'Necesito más tiempo', '1 hora', on a phone whose clock is set back by nearly an hour: the deadline
 * it sends falls SHOWN_LEAD_MS from now on the server's clock, which alone decides the firing. The
 * phone's clock is then right again (jumped forward, its due timers run).
 */
const extendToSoon: Step = async (run) => {
  const { page } = run;
  await home(page);
  const running = page.getByRole('region', { name: 'Aviso en curso' });
  await running.getByRole('button', { name: 'Necesito más tiempo' }).click();
  await page.clock.install();
  await page.clock.setSystemTime(Date.now() - HOUR_MS + SHOWN_LEAD_MS);
  await running.getByRole('radio', { name: '1 hora' }).check();
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/check-ins/current',
  );
  await running.getByRole('button', { name: 'Guardar nueva hora' }).click();
  await typePin(page, 'Escribe tu PIN para cambiar la hora', run.pin);
  await page.getByText('Tiempo restante:').waitFor();
  const { due_at: dueAt } = (await sent).postDataJSON() as { due_at: string };
  deadlines.set(run.tag, Date.parse(dueAt));
  const behindMs = Date.now() - (await page.evaluate(() => Date.now()));
  await page.clock.fastForward(Math.max(0, Math.round(behindMs)));
};

/**
 * The deadline passes with the app open on home: it shows the alert, as a missed check-in's, and
 * asks for the check-in once more. The next step reloads the page: it waits until the phone has
 * saved that answer (a write that a busy machine makes slow), so neither run loses it to the reload.
 */
const deadlinePasses: Step = async ({ page }) => {
  await page.waitForURL('**/web/active', { timeout: 120_000 });
  await vi.waitFor(
    async () => {
      if (!JSON.stringify(await storedState(page)).includes('"status":"fired"'))
        throw new Error('The phone kept no fired check-in within 60 s of the alert screen');
    },
    { timeout: 60_000, interval: 250 },
  );
};

/** `.eml` names start with the moment they were written (UTC): `20261123T095501123Z-000017.eml`. */
const writtenAt = (file: string) =>
  Date.parse(file.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z.*$/, '$1-$2-$3T$4:$5:$6.$7Z'));

/**
 * What the contact received from the extension's deadline on: the alert a missed check-in starts,
 * waited for, then read with its lead (the call it asks for, or not, is the other test's to judge:
 * test/server/alerts/duress-differential.db.test.ts).
 */
const contactTold: Step = async (run) => {
  const deadline = deadlines.get(run.tag) ?? Number.NaN;
  const fromDeadline = async () =>
    (await readMailbox(run.app.dataDir)).filter(
      (mail) => mail.to.includes(run.contactEmail) && writtenAt(mail.file) >= deadline,
    );
  const told = await vi.waitFor(
    async () => {
      const mails = await fromDeadline();
      if (mails.length === 0) throw new Error('No e-mail to the contact from the deadline on within 60 s');
      return mails;
    },
    { timeout: 60_000, interval: 100 },
  );
  run.seen['the contact, from the deadline on'] = normalised(
    told.map((mail) => ({
      subject: mail.subject,
      lead: mail.text.split('\n').find((line) => line.includes('no confirmó que está bien')) ?? '',
    })),
    run.tag,
  );
};

export type Script = { name: string; before: Step[]; then: Step[] };

/** Each script in a file of its own (test/e2e/duress-differential-*.test.ts): their servers and browsers work side by side. */
export const SCRIPTS = {
  alert: {
    name: 'end, a new press after it, practice, and a new phone',
    before: [pins, sos],
    then: [end, sos, observe('a new press after the end'), end, practice, observe('after practice'), newPhone],
  },
  checkIn: {
    name: 'check-in extended and closed, PINs changed and removed',
    before: [pins, checkIn],
    then: [extend, observe('check-in extended'), imOk, changePins, removePins, observe('after the PINs')],
  },
  deadline: {
    name: 'check-in extended to a deadline that then passes',
    before: [pins, checkIn],
    then: [extendToSoon, deadlinePasses, observe('at the deadline shown'), contactTold],
  },
} satisfies Record<string, Script>;

/** The script on a fresh account, typing `pin` from its `then` on; what the person observed at each checkpoint. */
export async function play(
  { app, browser }: AppAndChromium,
  script: Script,
  index: number,
  pin: string,
): Promise<Record<string, unknown>> {
  // Tags of one length, letters only (a surname): the name sealed on the phone weighs the same in both runs.
  const tag = `zqx${'abcdefgh'[index]}${pin === PIN ? 'r' : 'd'}`;
  const person = await personWithConfirmedContact(app, browser, tag);
  const link = person.page.locator('a[href*="/web/contact/"]').first();
  const contactId = (await link.getAttribute('href'))?.split('/').at(-1) ?? '';
  const run: Run = { app, browser, ...person, tag, pin: PIN, contactId, seen: {} };
  try {
    for (const step of script.before) await step(run);
    run.pin = pin;
    for (const step of script.then) await step(run);
  } finally {
    await person.context.close();
  }
  return run.seen;
}

/**
 * The script played with the real PIN and with the duress PIN, on two fresh accounts side by side:
 * each has its own browser context, e-mail addresses and tag, so neither run sees the other's
 * screens, storage or mail, and their waits (screens settling, a deadline passing) overlap instead
 * of adding up. What each observed, real first.
 */
export function bothPins(
  env: AppAndChromium,
  script: Script,
  index: number,
): Promise<[Record<string, unknown>, Record<string, unknown>]> {
  return Promise.all([play(env, script, index, PIN), play(env, script, index, DURESS_PIN)]);
}
