import { describe, expect, it } from 'vitest';
import { EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { pushTexts } from '#shared/push-texts.ts';
import { pushKinds } from '#shared/push-payload.ts';
import { HTML_LANG, LANGUAGES, type Language } from '#shared/language.ts';
import { detentionSteps, sampleDetentionInfo } from '#server/message-content/alert-steps.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import {
  alertEndedMail,
  alertPositionMail,
  alertStartedMail,
  type AlertMailInput,
} from '#server/mail/templates/alert-mails.ts';
import { contactInvitationMail } from '#server/mail/templates/contact-invitation.ts';
import { deletionNoticeMail } from '#server/mail/templates/deletion-notice-mail.ts';
import { alertDuressMail } from '#server/mail/templates/duress-mail.ts';
import { missedCheckInLead, missedCheckInMail } from '#server/mail/templates/missed-check-in-mail.ts';
import { practiceMail } from '#server/mail/templates/practice-mail.ts';
import { reminderMail } from '#server/mail/templates/reminder-mail.ts';
import { htmlLanguage } from '#server/mail/templates/layout.ts';
import { pushMessage } from '#server/message-content/push-message.ts';
import { otherLanguageIn, otherLanguageInText } from '#test/support/catalogue-fragments.ts';

// Every kind of e-mail and phone notification a contact gets, rendered in each language with
// every optional part present (position, late arrival, packet, G-28, deliveries, a missed
// check-in): none may carry a fixed text of another language's catalogue.

/** What a person typed (in Spanish): their own words reach every contact as they are. */
const PACKET: DetentionInfo = {
  legal_name: 'Rosa María Prueba',
  birth_date: '1990-01-31',
  birth_country: 'Honduras',
  a_number: '123456789',
  consulate_phone: '+13055550999',
  lawyer_name: 'Carmen Ruiz',
  lawyer_phone: '+13055550177',
  g28_signed: 'no',
  children_pickup: 'Ana',
  children_contact: '+13055550155',
  documents_location: 'Caja azul',
  medicines: 'Insulina',
};

function input(language: Language): AlertMailInput {
  return {
    person: { name: 'Rosa Prueba', phone: '+13055550123' },
    contactFirstname: 'Luis',
    language,
    moment: {
      at: new Date('2026-03-01T13:00:00Z'),
      timezone: 'America/Mexico_City',
      receivedAt: new Date('2026-03-01T13:20:00Z'),
    },
    position: { latitude: '19.4326', longitude: '-99.1332' },
    unsubscribeUrl: 'https://sos.example.org/web/active/unsubscribe?token=abc',
    ackUrl: 'https://sos.example.org/web/active/ack/def',
    extra: detentionSteps(language, 'Rosa Prueba', { info: PACKET, sample: false }),
  };
}

function everyMail(language: Language): Record<string, MailContent> {
  const base = input(language);
  const checkIn = { purpose: 'cita-inmigracion', place: 'Oficina de Miami', dueAt: '2026-03-01T15:00:00Z' };
  const missed = missedCheckInLead(language, 'Rosa Prueba', checkIn, base.moment.timezone);
  const deliveries = [
    {
      name: 'Luis Díaz',
      state: 'acknowledged' as const,
      sentAt: new Date('2026-03-01T13:00:05Z'),
      acknowledgedAt: new Date('2026-03-01T13:02:00Z'),
    },
    { name: 'Ana Gil', state: 'sent' as const, sentAt: new Date('2026-03-01T13:00:05Z'), acknowledgedAt: null },
    { name: 'Eva Paz', state: 'retrying' as const, sentAt: null, acknowledgedAt: null },
  ];
  return {
    invitation: contactInvitationMail({
      userName: 'Rosa Prueba',
      contactFirstname: 'Luis',
      language,
      verifyUrl: 'https://sos.example.org/web/active/verify/ghi',
      unsubscribeUrl: base.unsubscribeUrl,
    }),
    started: alertStartedMail(base),
    startedByMissedCheckIn: alertStartedMail({ ...base, missed }),
    forcedCheckIn: alertStartedMail({
      ...base,
      missed: missedCheckInLead(language, 'Rosa Prueba', { ...checkIn, forced: true }, base.moment.timezone),
    }),
    missedAdded: missedCheckInMail({ ...base, missed }),
    forcedCheckInAdded: missedCheckInMail({
      ...base,
      missed: missedCheckInLead(language, 'Rosa Prueba', { ...checkIn, forced: true }, base.moment.timezone),
    }),
    position: alertPositionMail({ ...base, position: base.position! }),
    reminder: reminderMail({ ...base, minutes: 5, cause: 'press' }),
    reminderMissed: reminderMail({ ...base, minutes: 5, cause: 'missed-check-in' }),
    reminderForcedEnd: reminderMail({ ...base, minutes: 5, cause: 'forced-end' }),
    reminderForcedCheckIn: reminderMail({ ...base, minutes: 5, cause: 'forced-check-in' }),
    duress: alertDuressMail(base),
    duressCheckIn: alertDuressMail({ ...base, forcedOn: 'check-in' }),
    ended: alertEndedMail({ ...base, deliveries }),
    endedNobody: alertEndedMail({ ...base, deliveries: [] }),
    safe: alertEndedMail({ ...base, deliveries, safe: true }),
    practice: practiceMail({
      ...base,
      extra: detentionSteps(language, 'Rosa Prueba', { info: sampleDetentionInfo(language), sample: true }),
    }),
    withoutPacket: alertStartedMail({
      ...base,
      position: null,
      extra: detentionSteps(language, 'Rosa Prueba', undefined),
    }),
    deletion: deletionNoticeMail({
      person: base.person,
      contactFirstname: 'Luis',
      language,
      requestedAt: new Date('2026-03-01T13:30:00Z'),
      timezone: base.moment.timezone,
      days: 7,
      unsubscribeUrl: base.unsubscribeUrl,
    }),
    emptyPacket: alertStartedMail({
      ...base,
      extra: detentionSteps(language, 'Rosa Prueba', {
        info: { ...EMPTY_DETENTION_INFO, g28_signed: 'si' },
        sample: false,
      }),
    }),
  };
}

describe.each(LANGUAGES)('what a contact reading %s gets', (language) => {
  it('has no text of another language in any kind of e-mail, and says its language in the HTML', () => {
    for (const [kind, mail] of Object.entries(everyMail(language))) {
      expect({ kind, found: otherLanguageIn(mail, language), lang: htmlLanguage(mail.html) }).toEqual({
        kind,
        found: [],
        lang: HTML_LANG[language],
      });
    }
  });

  it('makes the numbers to call tel: links and the addresses links in the HTML, but never the person after a duress answer', () => {
    const forced = new Set([
      'forcedCheckIn',
      'forcedCheckInAdded',
      'reminderForcedEnd',
      'reminderForcedCheckIn',
      'duress',
      'duressCheckIn',
    ]);
    const callPerson = '<a href="tel:+13055550123">+13055550123</a>';
    const linked = Object.entries(everyMail(language)).map(([kind, mail]) => ({
      kind,
      callsPerson: mail.html.includes(callPerson),
      locator: mail.text.includes('https://locator.ice.gov')
        ? mail.html.includes('<a href="https://locator.ice.gov">https://locator.ice.gov</a>')
        : 'none',
    }));
    expect(linked.filter(({ kind }) => forced.has(kind)).every(({ callsPerson }) => !callsPerson)).toBe(true);
    for (const kind of ['started', 'startedByMissedCheckIn', 'missedAdded', 'reminder', 'reminderMissed']) {
      expect(linked.find((mail) => mail.kind === kind)).toMatchObject({ kind, callsPerson: true });
    }
    expect(linked.filter(({ locator }) => locator === false)).toEqual([]);
    const steps = detentionSteps(language, 'Rosa Prueba', {
      info: { ...PACKET, consulate_phone: '+13055550999' },
      sample: false,
    }).html;
    expect(steps).toContain('<a href="tel:+13055550999">+13055550999</a>');
  });

  it('says a check-in closed with the duress PIN closed the check-in, never that the alert ended, with no call', () => {
    const t = contactTexts(language);
    const p = pushTexts(language);
    const mails = everyMail(language);
    const said = ['forcedCheckIn', 'forcedCheckInAdded', 'duressCheckIn', 'reminderForcedCheckIn'].map((kind) => ({
      kind,
      subject: mails[kind]!.subject,
      checkInClosed: mails[kind]!.text.includes(t.checkInForced('Rosa Prueba')),
      alertEnded: mails[kind]!.text.includes(t.duressLead('Rosa Prueba')),
      call: mails[kind]!.text.includes('+13055550123'),
    }));
    const subject = t.checkInForcedSubject('Rosa Prueba');
    expect(said).toEqual([
      { kind: 'forcedCheckIn', subject, checkInClosed: true, alertEnded: false, call: false },
      { kind: 'forcedCheckInAdded', subject, checkInClosed: true, alertEnded: false, call: false },
      { kind: 'duressCheckIn', subject, checkInClosed: true, alertEnded: false, call: false },
      {
        kind: 'reminderForcedCheckIn',
        subject: t.reminderSubject('Rosa Prueba'),
        checkInClosed: true,
        alertEnded: false,
        call: false,
      },
    ]);
    const pushes = (['alert-started', 'alert-duress'] as const).map((kind) => {
      const { notification } = pushMessage({
        kind,
        alertId: 'a1',
        person: { name: 'Rosa Prueba', phone: '+13055550123' },
        language,
        ackUrl: 'https://sos.example.org/web/active/ack/def',
        publicUrl: 'https://sos.example.org',
        forcedCheckIn: true,
      });
      return [notification.title, notification.body];
    });
    const forcedPush = [p.checkInForcedTitle('Rosa Prueba'), p.checkInForcedBody('Rosa Prueba')];
    expect(pushes).toEqual([forcedPush, forcedPush]);
    expect(forcedPush.join(' ')).not.toContain('+13055550123');
  });

  it('has no text of another language in any phone notification', () => {
    for (const kind of pushKinds) {
      for (const cause of [{}, { missedCheckIn: true }, { forcedCheckIn: true }]) {
        const { notification } = pushMessage({
          kind,
          alertId: 'a1',
          person: { name: 'Rosa Prueba', phone: '+13055550123' },
          language,
          ackUrl: 'https://sos.example.org/web/active/ack/def',
          publicUrl: 'https://sos.example.org',
          ...cause,
        });
        const text = [
          notification.title,
          notification.body,
          ...(notification.actions ?? []).map((action) => action.title),
        ].join('\n');
        expect({ kind, found: otherLanguageInText(text, language), lang: notification.lang }).toEqual({
          kind,
          found: [],
          lang: HTML_LANG[language],
        });
      }
    }
  });
});

/** Texts two languages really write the same way: anything else the same in two catalogues was copied, not written. */
const SHARED_WORDS = new Set([
  'contact.coordinates en=pt',
  'contact.mapLabel es=pt',
  'contact.switchLabel es=pt',
  'contact.sending es=pt',
  'contact.calendar es=pt',
  'contact.calendar en=es',
  'contact.calendar en=pt',
]);
const PACKET_FIELDS = ['birth_date', 'children_pickup', 'children_contact', 'documents_location', 'medicines'];
const PURPOSES = ['cita-inmigracion', 'audiencia', 'trabajo', 'viaje', 'otro'];

describe('the catalogues', () => {
  it('give every language its own text for every key (none copied from another language)', () => {
    const HOLE = '\u0000';
    const shown = (key: string, value: unknown): string => {
      if (key === 'packetLabel')
        return PACKET_FIELDS.map((field) => (value as (field: string) => string)(field)).join('|');
      if (key === 'checkInPurpose')
        return PURPOSES.map((purpose) => (value as (purpose: string) => string)(purpose)).join('|');
      return typeof value === 'function'
        ? (value as (...args: string[]) => string)(...Array<string>(value.length).fill(HOLE))
        : JSON.stringify(value);
    };
    const copied: string[] = [];
    for (const [name, texts] of [
      ['contact', contactTexts],
      ['push', pushTexts],
    ] as const) {
      for (const key of Object.keys(texts('es'))) {
        for (const a of LANGUAGES) {
          for (const b of LANGUAGES) {
            const same =
              a < b &&
              shown(key, (texts(a) as Record<string, unknown>)[key]) ===
                shown(key, (texts(b) as Record<string, unknown>)[key]);
            if (same && !SHARED_WORDS.has(`${name}.${key} ${a}=${b}`)) copied.push(`${name}.${key} ${a}=${b}`);
          }
        }
      }
    }
    expect(copied).toEqual([]);
  });
});
