import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LANGUAGES } from '#shared/language.ts';
import { pushPayloadSchema } from '#shared/push-payload.ts';
import { mailKind } from '#server/messages/kind-spec.ts';
import { MESSAGE_KINDS, type MessageInput, type MessageKind } from '#server/messages/kinds.ts';
import { PRIORITY } from '#server/messages/priority.ts';
import { parsePush, renderPush, renderStoredMail, UNKNOWN_KIND, UNREADABLE } from '#server/messages/render-message.ts';
import { MessageDataError, storedMessage } from '#server/messages/stored-data.ts';

// Every kind of message is one entry of the registry. These tests take every
// entry, so a kind added tomorrow is checked on arrival: the sample table below
// must name it (or the type check fails), and it must render in every language.

const config = { secret: 'x'.repeat(64), publicUrl: 'https://sos.example.org' };
const ALERT_ID = '5b3f5a0e-8d1c-4c1e-9a57-1f1f2d9e8c11';
const USER_ID = '9c1e3a52-7b1d-4f0e-8c55-2a7a1f0b6d21';
const SUBSCRIPTION_ID = 'd6f0e7a4-3c2b-4a19-8e5d-6b7c8d9e0f12';
const at = '2026-03-01T15:04:05.000Z';

const alertBase = {
  alertId: ALERT_ID,
  person: { name: 'Rosa Prueba', phone: '+13055550100' },
  contactFirstname: 'Luis',
  at,
  timezone: 'America/Mexico_City',
  position: { latitude: '19.4326', longitude: '-99.1332' },
};
const checkIn = { purpose: 'cita_inmigracion', place: 'Oficina de Miami', dueAt: at };

/** A valid datum of every kind: adding a kind without one here fails the type check. */
const SAMPLES: { [K in MessageKind]: MessageInput<K> } = {
  'alert-started': alertBase,
  'alert-position': alertBase,
  'alert-reminder': { ...alertBase, minutes: 15 },
  'alert-check-in-missed': { ...alertBase, checkIn },
  'alert-duress': { ...alertBase, ack: true },
  'alert-ended': {
    ...alertBase,
    position: null,
    deliveries: [{ name: 'Luis Díaz', state: 'sent', sentAt: at, acknowledgedAt: null }],
  },
  'push:alert-started': { alertId: ALERT_ID, trigger: 'missed-check-in' },
  'push:alert-position': { alertId: ALERT_ID },
  'push:alert-duress': { alertId: ALERT_ID },
  'push:alert-ended': { alertId: ALERT_ID },
  'desk-escalation': { alertId: ALERT_ID, round: 1, minutes: 2, firmName: 'IAD' },
  'push:desk-escalation': { alertId: ALERT_ID, round: 2, minutes: 4, firmName: 'IAD' },
  'signin-code': { code: '1234' },
  'pins-reset-code': { code: '5678' },
  'staff-invite': { code: '4321', firmName: 'IAD', deskUrl: 'http://localhost:8080/web/desk' },
  'contact-invitation': { userName: 'Rosa Prueba', contactFirstname: 'Luis', token: 'abc_DEF-123' },
  practice: { ...alertBase, practiceId: ALERT_ID, detentionSample: true },
  'new-session': { firstname: 'Rosa', device: 'Chrome en Android', at },
  'account-deletion-notice': {
    person: { name: 'Rosa Prueba', phone: '+13055550100' },
    contactFirstname: 'Luis',
    requestedAt: at,
    timezone: 'America/Mexico_City',
    days: 30,
  },
  'signin-locked': { firstname: 'Rosa', waitMs: 15 * 60_000 },
  'check-in-reminder': {
    firstname: 'Rosa',
    purpose: 'cita_inmigracion',
    dueAt: at,
    fireAt: at,
    timezone: 'America/Mexico_City',
  },
};

const kinds = Object.keys(MESSAGE_KINDS) as MessageKind[];
const render = renderStoredMail(config);

/** A row as the sender reads it, written by the enqueue path from the datum, for a contact of the given language. */
function rowOf<K extends MessageKind>(kind: K, data: MessageInput<K>, language: string) {
  const withLanguage =
    MESSAGE_KINDS[kind].audience === 'contact' && MESSAGE_KINDS[kind].channel === 'mail' ? { ...data, language } : data;
  const stored = storedMessage(kind, withLanguage as MessageInput<K>);
  const recipient = MESSAGE_KINDS[kind].channel === 'push' ? SUBSCRIPTION_ID : 'luis@example.com';
  return { kind, userId: USER_ID, recipient, templateData: stored.templateData };
}

/** The rendered message, e-mail or push, as one comparable shape. */
function rendered(kind: MessageKind, language: string) {
  const row = rowOf(kind, SAMPLES[kind], language);
  if (MESSAGE_KINDS[kind].channel === 'push') {
    const parsed = parsePush(row);
    if (!parsed.ok) throw new Error(parsed.error);
    const payload = renderPush(config, row.recipient, parsed.content, {
      person: { name: 'Rosa Prueba', phone: '+13055550100' },
      ackUrl: 'https://sos.example.org/web/active/ack/x',
      language,
    });
    return {
      lang: v.parse(pushPayloadSchema, payload).notification.lang,
      subject: payload.notification.title,
      body: payload.notification.body,
    };
  }
  const result = render(row);
  if (!result.ok) throw new Error(result.error);
  return {
    lang: /<html lang="([\w-]+)">/.exec(result.content.html)?.[1],
    subject: result.content.subject,
    body: result.content.text,
  };
}

describe('the registry of message kinds', () => {
  it.each(kinds)('renders %s in every language from a valid datum, in the reader’s language', (kind) => {
    const spec = MESSAGE_KINDS[kind];
    const byLanguage = LANGUAGES.map((language) => rendered(kind, language));
    for (const [i, language] of LANGUAGES.entries()) {
      const message = byLanguage[i]!;
      expect(message.subject.length).toBeGreaterThan(0);
      expect(message.body.length).toBeGreaterThan(0);
      // The person and the staff read Spanish whatever is stored; a contact reads their own language.
      expect(message.lang).toBe(HTML_LANG[spec.audience === 'contact' ? language : 'es']);
    }
    if (spec.audience === 'contact')
      expect(new Set(byLanguage.map((message) => message.subject)).size).toBe(LANGUAGES.length);
  });

  it('puts every alert kind, and only those, in the alert lane', () => {
    const lanes = Object.fromEntries(kinds.map((kind) => [kind, MESSAGE_KINDS[kind].priority]));
    for (const kind of kinds) expect([kind, lanes[kind] === PRIORITY.alert]).toEqual([kind, MESSAGE_KINDS[kind].alert]);
    expect([lanes['signin-code'], lanes['pins-reset-code']]).toEqual([PRIORITY.signIn, PRIORITY.signIn]);
  });

  it('names in its row the alert of every kind that belongs to one, and no alert for the others', () => {
    // An end withdraws its alert's messages that have not left by this column (withdraw-unsent.ts).
    for (const kind of Object.keys(MESSAGE_KINDS) as MessageKind[])
      expect([kind, storedMessage(kind, SAMPLES[kind]).alertId]).toEqual([
        kind,
        MESSAGE_KINDS[kind].alert ? ALERT_ID : null,
      ]);
  });

  it('refuses at enqueue data that fails its schema, naming the fields but never their values', () => {
    expect(() => storedMessage('signin-code', { code: 'abcd' })).toThrow(MessageDataError);
    expect(() => storedMessage('signin-code', { code: 'abcd' })).toThrow(/'signin-code'.*\(code\)$/);
    expect(() => storedMessage('signin-code', { code: 'abcd' })).not.toThrow(/abcd/);
    // @ts-expect-error a position e-mail needs its position: the type check says so too
    expect(() => storedMessage('alert-position', { ...alertBase, position: null })).toThrow(/\(position\)/);
  });

  it('fails for good, at send time, a row whose stored data fails its schema; a kind it does not know waits for a server that does', () => {
    const good = rowOf('alert-position', SAMPLES['alert-position'], 'es');
    expect(render({ ...good, templateData: JSON.stringify({ ...alertBase, position: null }) })).toEqual({
      ok: false,
      error: UNREADABLE,
      permanent: true,
    });
    expect(render({ ...good, templateData: '{"alertId": 7' })).toEqual({
      ok: false,
      error: UNREADABLE,
      permanent: true,
    });
    // A contact's e-mail without its account cannot carry its unsubscribe link.
    expect(render({ ...good, userId: null })).toEqual({ ok: false, error: UNREADABLE, permanent: true });
    expect(render({ ...good, kind: 'alert-from-the-future' })).toEqual({
      ok: false,
      error: UNKNOWN_KIND,
      permanent: false,
    });
    expect(render(good)).toMatchObject({ ok: true });
  });

  it('stores the data as parsed, with its defaults, so the renderer reads what the schema promised', () => {
    expect(JSON.parse(storedMessage('contact-invitation', SAMPLES['contact-invitation']).templateData)).toEqual({
      ...SAMPLES['contact-invitation'],
      language: 'es',
    });
  });

  it('refuses, in the type check, a kind without a renderer', () => {
    // @ts-expect-error a kind must say how it is rendered
    const incomplete = mailKind({ priority: PRIORITY.other, alert: false, audience: 'person', schema: v.object({}) });
    expect(incomplete.channel).toBe('mail');
  });
});
