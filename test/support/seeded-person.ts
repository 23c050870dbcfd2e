import type { Page } from 'playwright-core';
import type { RunningApp } from './app-server.ts';
import { acceptInvitation, enterWithEmailedCode } from './browser-flows.ts';
import { codeFrom, readMailbox, waitForMail } from './mailbox.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

export type SeededContact = { firstname: string; lastname: string; email: string; phone: string; kinship: string };

export type SeededPerson = {
  email: string;
  firstname: string;
  lastname: string;
  /** E.164, as the sign-up form sends a US number typed without its country code. */
  phone: string;
  /** The first contact, added as the first-contact screen adds it; confirmed from its e-mail unless `confirmed: false`. */
  contact?: SeededContact & { confirmed?: boolean };
  /** Contacts added after the first, each confirmed from its e-mail as the first one is. */
  moreContacts?: SeededContact[];
  /** No contact: 'No tengo contactos de emergencia' answered 'Continuar', as the first-contact screen does it. */
  noContacts?: boolean;
  /** The firm's one offer, answered after the first contact or `noContacts`: 'Sí, compartir' if true, else 'Ahora no'. */
  shareWithFirm?: boolean;
};

async function api(app: RunningApp, method: string, apiPath: string, body: unknown, token?: string) {
  const reply = await fetch(`${app.url}/api/${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await reply.json()) as { success?: boolean; message?: unknown };
  if (!reply.ok) throw new Error(`${method} ${apiPath}: ${reply.status} ${JSON.stringify(json)}`);
  return json.message;
}

/**
 * A registered person with their first contact (or none, declared so), made through the app's own
 * API the way its screens make them (signin, the e-mailed code, signup with the terms accepted, the
 * first contact or 'No tengo contactos de emergencia', the answer to the firm's one offer, the
 * contact's acceptance link): for browser tests that are about what happens after sign-up. The tests
 * of sign-up and of adding a contact keep doing it in the browser.
 */
export async function seedPerson(app: RunningApp, person: SeededPerson): Promise<void> {
  const before = (await readMailbox(app.dataDir)).length;
  await api(app, 'POST', 'signin', { email: person.email });
  const code = codeFrom(
    await waitForMail(app.dataDir, { to: person.email, subject: /Tu código de acceso/, after: before }),
  );
  const session = (await api(app, 'POST', 'signup', {
    email: person.email,
    code,
    firstname: person.firstname,
    lastname: person.lastname,
    phone: person.phone,
    terms: true,
  })) as { access_token: string };
  const token = session.access_token;
  if (person.contact)
    await api(app, 'POST', 'contacts', { ...withoutConfirmed(person.contact), language: 'es' }, token);
  else if (person.noContacts) await api(app, 'POST', 'profile/no-contacts', {}, token);
  if (person.contact || person.noContacts)
    await api(app, 'PUT', 'profile/firm-consent', { share: person.shareWithFirm ?? false }, token);
  for (const more of person.moreContacts ?? []) await api(app, 'POST', 'contacts', { ...more, language: 'es' }, token);
  // The phone enters with a session of its own: this one must not count among the person's open sessions.
  await api(app, 'POST', 'logout', {}, token);
  for (const more of person.moreContacts ?? []) await acceptInvitation(app, more.email);
  if (!person.contact || person.contact.confirmed === false) return;
  await acceptInvitation(app, person.contact.email);
}

function withoutConfirmed({ confirmed: _confirmed, ...contact }: SeededContact & { confirmed?: boolean }) {
  return contact;
}

/**
 * A registered person with contacts enters on this phone with the e-mailed code and lands on home.
 * With service workers allowed, the first install finishes on signin before the e-mail is typed, as
 * it does mid-sign-up in the browser: its one 'ya funciona sin conexión' line then shows on the next
 * screen and leaves with it, and home and what follows open without it.
 */
export async function enterToHome(
  page: Page,
  app: RunningApp,
  email: string,
  { serviceWorkers = 'allow' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<void> {
  await page.goto(`${app.url}/web/auth/signin`);
  if (serviceWorkers === 'allow') await controlledByWorker(page);
  await enterWithEmailedCode(page, app, email);
  // The app shows home only once the session is stored (features/auth/after-session.ts): a test that
  // closes this page and opens another finds the person signed in.
  await page.waitForURL('**/web/home');
}

/**
 * A new person with no contacts, declared so ('No tengo contactos de emergencia'), seeded and entered
 * on `page` with the e-mailed code: it ends on home. Their e-mail is `<tag>@example.org`; they are
 * 'Rosa <tag>' unless `name` says otherwise.
 */
export async function enterWithoutContacts(
  page: Page,
  app: RunningApp,
  tag: string,
  name: Pick<SeededPerson, 'firstname' | 'lastname'> = { firstname: 'Rosa', lastname: tag },
): Promise<void> {
  const email = `${tag}@example.org`;
  await seedPerson(app, { email, ...name, phone: '+12025550143', noContacts: true });
  await enterToHome(page, app, email);
}
