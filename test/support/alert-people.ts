import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { AlertDeliveryState, Delivery, PracticeDeliveryState } from '#shared/api/deliveries.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from './contact-mail.ts';
import { signUp } from './sign-up.ts';
import type { TestApp } from './test-app.ts';

export type Person = { me: Session; emails: string[] };

/** A person (firstname Rosa) whose contacts all accepted, by API, the way the e-mails make them. */
export async function personWithConfirmedContacts(t: TestApp, tag: string, names: [string, string][]): Promise<Person> {
  const me = await signUp(t, `${tag}@example.com`, 'Rosa');
  const emails: string[] = [];
  for (const [firstname, lastname] of names) {
    const email = `${tag}-${firstname.toLowerCase()}@example.com`;
    const body = { firstname, lastname, email, phone: '+13055550111', kinship: 'Hermano' };
    expect((await t.call('POST', 'contacts', { token: me.access_token, body })).status).toBe(200);
    const token = verifyTokenIn((await mailsTo(t, email))[0]);
    expect((await t.call('GET', `verify-contact/${token}`)).status).toBe(200);
    emails.push(email);
  }
  return { me, emails };
}

export type PersonWithOptOut = { me: Session; confirmed: string; pending: string; optedOut: string };

/**
 * A person with three contacts: Luis accepted, Pedro has not answered yet, and
 * Marta accepted and then used the unsubscribe link of her invitation.
 */
export async function personWithOptedOutContact(t: TestApp, tag: string): Promise<PersonWithOptOut> {
  const { me, emails } = await personWithConfirmedContacts(t, tag, [
    ['Luis', 'Díaz'],
    ['Marta', 'Gil'],
  ]);
  const [confirmed, optedOut] = emails as [string, string];
  const pending = `${tag}-pedro@example.com`;
  const body = { firstname: 'Pedro', lastname: 'Ruiz', email: pending, phone: '+13055550111', kinship: 'Hermano' };
  expect((await t.call('POST', 'contacts', { token: me.access_token, body })).status).toBe(200);
  const [invitation] = await mailsTo(t, optedOut);
  expect((await t.call('POST', 'unsubscribe', { body: { token: unsubscribeTokenIn(invitation) } })).status).toBe(200);
  return { me, confirmed, pending, optedOut };
}

/** PUT /api/active-button as the phone sends it. */
export function press(t: TestApp, me: Session, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.call('PUT', 'active-button', { token: me.access_token, body, headers: { 'idempotency-key': key } });
}

export const MEXICO = { latitude: '19.4326', longitude: '-99.1332', timezone: 'America/Mexico_City' };

/** The token of the 'Lo tengo' link, `PUBLIC_URL/web/active/ack/{token}`, as the contact would click it. */
export function ackTokenIn(mail: ParsedMail | undefined): string {
  const token = /\/web\/active\/ack\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No 'Lo tengo' link in "${mail?.subject ?? 'no e-mail'}"`);
  return token;
}

/** The newest e-mail to `email` whose subject matches. */
export async function lastMail(t: TestApp, email: string, subject: RegExp): Promise<ParsedMail | undefined> {
  return (await mailsTo(t, email)).filter((mail) => subject.test(mail.subject ?? '')).at(-1);
}

export async function alertState(t: TestApp, me: Session): Promise<AlertDeliveryState> {
  const reply = await t.call('GET', 'alert-deliveries', { token: me.access_token });
  expect(reply.status).toBe(200);
  return reply.body.message as AlertDeliveryState;
}

export async function practiceState(t: TestApp, me: Session): Promise<PracticeDeliveryState> {
  const reply = await t.call('GET', 'practice-deliveries', { token: me.access_token });
  expect(reply.status).toBe(200);
  return reply.body.message as PracticeDeliveryState;
}

/** Each contact's name with its state, for compact expectations. */
export const statesOf = (deliveries: readonly Delivery[] | undefined) =>
  Object.fromEntries((deliveries ?? []).map((d) => [d.name, d.state]));
