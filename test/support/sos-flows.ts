import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app-server.ts';
import { appDatabaseClient } from './app-database.ts';
import { phonePage } from './browser-flows.ts';
import { enterToHome, seedPerson, type SeededContact, type SeededPerson } from './seeded-person.ts';
import { SOS_QUEUE_NAME } from '#shared/constants.ts';
import { readMailbox, waitForMail, type ReceivedMail } from './mailbox.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

export const MIAMI = { latitude: 25.7617, longitude: -80.1918 };

export type PersonOnHome = { context: BrowserContext; page: Page; contactEmail: string; email: string };

/**
 * A new person with one contact who confirmed from the e-mail (unless `contactConfirmed` is false) and
 * `moreContacts`, confirmed too, on home, with geolocation granted and the page controlled by the
 * service worker (unless `serviceWorkers` is 'block': then every request is the network's, for routes to hold).
 */
export async function personWithConfirmedContact(
  app: RunningApp,
  browser: Browser,
  tag: string,
  /** Runs on the new context before its first page opens (routes, init scripts). */
  prepare?: (context: BrowserContext) => Promise<void>,
  options: {
    serviceWorkers?: 'allow' | 'block';
    moreContacts?: SeededContact[];
    /** The phone's size and its request for less motion, where phonePage's defaults will not do. */
    contextOptions?: Pick<BrowserContextOptions, 'viewport' | 'reducedMotion'>;
    /** The person's name and phone, where 'Elena <tag>' at +12025550143 will not do. */
    person?: Partial<Pick<SeededPerson, 'firstname' | 'lastname' | 'phone'>>;
    /** False: the contact has not accepted the invitation yet (their page offers 'Reenviar invitación'). */
    contactConfirmed?: boolean;
  } = {},
): Promise<PersonOnHome> {
  const { context, page } = await phonePage(browser, {
    ...options.contextOptions,
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  await prepare?.(context);
  await context.grantPermissions(['geolocation'], { origin: app.url });
  await context.setGeolocation(MIAMI);
  const email = `${tag}@example.org`;
  const contactEmail = `${tag}-contacto@example.org`;
  const jorge = { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '+13055550100', kinship: 'Hermano' };
  // Seeded through the API and entered with the e-mailed code: these tests are about what follows
  // sign-up (test/e2e/sign-up-and-sign-in.test.ts and contacts.test.ts walk sign-up and the first contact).
  await seedPerson(app, {
    email,
    firstname: 'Elena',
    lastname: tag,
    phone: '+12025550143',
    ...options.person,
    contact: { ...jorge, confirmed: options.contactConfirmed ?? true },
    moreContacts: options.moreContacts,
  });
  await enterToHome(page, app, email, options);
  if (options.serviceWorkers !== 'block') await controlledByWorker(page);
  return { context, page, contactEmail, email };
}

export const sosButton = (page: Page) => page.getByRole('button', { name: 'SOS: avisar a mis contactos' });

/** The alert e-mails ('... está en riesgo') a contact received so far, oldest first. */
export async function alertMailsTo(app: RunningApp, email: string): Promise<ReceivedMail[]> {
  return (await readMailbox(app.dataDir)).filter(
    (mail) => mail.to.includes(email) && /^ALERTA SOS: .* está en riesgo$/.test(mail.subject),
  );
}

/** Every e-mail to a contact, oldest first. */
export async function mailsTo(app: RunningApp, email: string): Promise<ReceivedMail[]> {
  return (await readMailbox(app.dataDir)).filter((mail) => mail.to.includes(email));
}

/** Ending the alert is a later e-mail from the same outbox: once it is here, any duplicate start would be too. */
export async function endAlertAndWaitForMail(app: RunningApp, page: Page, contactEmail: string): Promise<ReceivedMail> {
  const before = (await readMailbox(app.dataDir)).length;
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');
  return waitForMail(app.dataDir, { to: contactEmail, subject: /finalizó su alerta SOS/, after: before });
}

/** The contact got exactly one start e-mail, and it came before the end e-mail. */
export async function expectOneAlertThenItsEnd(
  app: RunningApp,
  contactEmail: string,
  ended: ReceivedMail,
): Promise<void> {
  const mails = await mailsTo(app, contactEmail);
  const started = mails.filter((mail) => /está en riesgo/.test(mail.subject));
  expect(started).toHaveLength(1);
  expect(mails.indexOf(started[0]!)).toBeLessThan(mails.findIndex((mail) => mail.file === ended.file));
}

/**
 * A start and its end that reached the server moments apart (both queued on the phone): a real end
 * withdraws a start that has not left yet (src/server/alerts/withdraw-unsent.ts), so the contact
 * hears of both, start first and once, or of neither, depending on whether the outbox took the
 * start before the end arrived. Which one happened is read from the outbox, then checked whole.
 */
export async function expectBothInOrderOrNeither(app: RunningApp, contactEmail: string, tag: string): Promise<void> {
  const outcome = await settledOutbox(app, contactEmail);
  if (outcome.every((row) => row.status === 'cancelled')) {
    expect(outcome.map((row) => row.kind)).toEqual(['alert-started']);
    expect(await alertMailsTo(app, contactEmail)).toEqual([]);
    return;
  }
  expect(outcome).toEqual([
    { kind: 'alert-started', status: 'sent' },
    { kind: 'alert-ended', status: 'sent' },
  ]);
  const ended = await waitForMail(app.dataDir, {
    to: contactEmail,
    subject: new RegExp(`Elena ${tag} finalizó su alerta SOS`),
  });
  await expectOneAlertThenItsEnd(app, contactEmail, ended);
}

/**
 * The contact's alert e-mails in the outbox once the end has reached the server (its e-mail queued,
 * or the start withdrawn with it) and none is waiting any more: kind and status, oldest first.
 */
async function settledOutbox(app: RunningApp, contactEmail: string): Promise<{ kind: string; status: string }[]> {
  const client = await appDatabaseClient(app);
  try {
    const read = async () =>
      (
        await client.query<{ kind: string; status: string }>(
          `select kind, status from outbox where recipient = $1 and kind in ('alert-started', 'alert-ended') order by id`,
          [contactEmail],
        )
      ).rows;
    const settled = (rows: { kind: string; status: string }[]) =>
      rows.length > 0 &&
      rows.every((row) => row.status !== 'pending') &&
      (rows.some((row) => row.kind === 'alert-ended') || rows.every((row) => row.status === 'cancelled'));
    await expect.poll(async () => settled(await read()), { timeout: 75_000 }).toBe(true);
    return await read();
  } finally {
    await client.end();
  }
}

/** The tag Workbox's Queue registers for the SOS queue on every push (`workbox-background-sync:<name>`). */
const SOS_SYNC_TAG = `workbox-background-sync:${SOS_QUEUE_NAME}`;

interface BackgroundSyncEvent {
  eventName: string;
  instanceId: string;
}

/**
 * Background Sync as a phone's Chromium has it. A test context refuses every registration unless
 * it is granted ("Background Sync is disabled"), so a test meant to run with it grants it here and
 * proves that a registration succeeds: never a "with Background Sync" test that runs without.
 * From then on the browser's own record (DevTools' background services) tells what the SOS
 * queue registered: `sosSyncRegistered()` is true once the worker's registration succeeded.
 */
export async function allowBackgroundSync(
  context: BrowserContext,
  page: Page,
): Promise<{ sosSyncRegistered(): boolean }> {
  await context.grantPermissions(['background-sync'], { origin: new URL(page.url()).origin });
  const events: BackgroundSyncEvent[] = [];
  const devtools = await context.newCDPSession(page);
  devtools.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
    events.push(backgroundServiceEvent);
  });
  await devtools.send('BackgroundService.setRecording', { shouldRecord: true, service: 'backgroundSync' });
  await devtools.send('BackgroundService.startObserving', { service: 'backgroundSync' });
  const registered = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { register(tag: string): Promise<void> };
    };
    try {
      await registration.sync.register('test-background-sync-allowed');
      return true;
    } catch (error) {
      return String(error);
    }
  });
  expect(registered).toBe(true);
  return {
    sosSyncRegistered: () =>
      events.some((event) => event.instanceId === SOS_SYNC_TAG && /^Registered sync/i.test(event.eventName)),
  };
}
