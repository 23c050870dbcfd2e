import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import { pushMessages } from '#shared/api/push.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { pushTexts } from '#shared/push-texts.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { ackTokenIn, MEXICO, press } from '#test/support/alert-people.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { DURESS_PIN, setPins } from '#test/support/pins.ts';
import { startPushService, type Phone, type PushService } from '#test/support/push-service.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// When the duress PIN was typed on the check-in ('Estoy bien' or 'Necesito más tiempo'), every
// message a contact reads afterwards says that the check-in ('el aviso') may have been closed
// under pressure, never that the person ended their SOS alert: the e-mails (the alert or the duress
// e-mail, and the reminder), the phone notifications and the 'Lo tengo' page, in each language.
// FINALIZAR ALERTA with the duress PIN (also while a check-in had fired) still reads as the alert's end.

const MINUTE = 60_000;
const WHO = 'Rosa Prueba';

type Ctx = { t: TestApp; me: Session };
type Step = (ctx: Ctx) => Promise<void>;

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const ok = (reply: { status: number }) => expect(reply.status).toBe(200);

const checkInFor =
  (minutes: number): Step =>
  async ({ t, me }) =>
    ok(
      await t.call('POST', 'check-ins', {
        token: me.access_token,
        body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, minutes), ...MEXICO },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
const onCheckIn =
  (body: (t: TestApp) => Record<string, unknown>): Step =>
  async ({ t, me }) =>
    ok(
      await t.call('PUT', 'check-ins/current', {
        token: me.access_token,
        body: body(t),
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
const imOkWithDuressPin = onCheckIn(() => ({ action: 'ok', pin: DURESS_PIN }));
const moreTimeWithDuressPin = onCheckIn((t) => ({ action: 'extend', due_at: inMinutes(t, 120), pin: DURESS_PIN }));
const endWithDuressPin: Step = async ({ t, me }) =>
  ok(await press(t, me, { alert_status: '2', ...MEXICO, pin: DURESS_PIN }));
const sos: Step = async ({ t, me }) => ok(await press(t, me, { alert_status: '1', ...MEXICO }));
const checkInFired: Step = async ({ t }) => {
  t.clock.advance(70 * MINUTE);
  await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick();
};

/** What the duress PIN was typed on: before it (nothing the contacts read then counts), and the duress step. */
const PATHS: { name: string; before: Step[]; duress: Step; on: 'check-in' | 'alert' }[] = [
  { name: "'Estoy bien' on a running check-in", before: [checkInFor(60)], duress: imOkWithDuressPin, on: 'check-in' },
  {
    name: "'Necesito más tiempo' on a running check-in",
    before: [checkInFor(60)],
    duress: moreTimeWithDuressPin,
    on: 'check-in',
  },
  {
    name: "'Estoy bien' on a check-in that fired",
    before: [checkInFor(60), checkInFired],
    duress: imOkWithDuressPin,
    on: 'check-in',
  },
  { name: 'FINALIZAR ALERTA', before: [sos], duress: endWithDuressPin, on: 'alert' },
  {
    name: 'FINALIZAR ALERTA while a check-in had fired',
    before: [checkInFor(60), checkInFired],
    duress: endWithDuressPin,
    on: 'alert',
  },
];

describe('what the contacts read after the duress PIN', () => {
  let service: PushService;
  let t: TestApp;
  let publicKey: string;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ env: { PUSH_EXTRA_ORIGINS: service.origin } });
    const reply = await t.call('GET', 'push/public-key');
    publicKey = (reply.body.message as { public_key: string }).public_key;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  /** A person with PINs and one contact who reads `language`, accepted by e-mail, with notifications on a phone. */
  async function personWithContact(tag: string, language: Language) {
    const me = await signUp(t, `${tag}@example.com`, 'Rosa');
    const email = `${tag}-luis@example.com`;
    const body = { firstname: 'Luis', lastname: 'Díaz', email, phone: '+13055550111', kinship: 'Hermano', language };
    ok(await t.call('POST', 'contacts', { token: me.access_token, body }));
    const verified = await t.call('GET', `verify-contact/${verifyTokenIn((await mailsTo(t, email))[0])}`);
    ok(verified);
    const phone: Phone = await service.subscribe(publicKey);
    const subscribed = await t.post('push/subscriptions', {
      token: (verified.body as unknown as { push_token: string }).push_token,
      subscription: phone.subscription,
    });
    expect(subscribed.body).toEqual({ success: true, message: pushMessages.subscribed });
    await setPins(t, me);
    return { me, email, phone };
  }

  const notifications = async (phone: Phone) =>
    ((await service.received(phone)) as { notification: { title: string; body: string } }[]).map(({ notification }) => [
      notification.title,
      notification.body,
    ]);

  describe.each(LANGUAGES)('in %s', (language) => {
    const c = contactTexts(language);
    const p = pushTexts(language);

    it.each(PATHS.map((path, index) => ({ ...path, tag: `forzado-${language}-${index}` })))(
      'after the duress PIN on $name',
      async ({ before, duress, on, tag }) => {
        const { me, email, phone } = await personWithContact(tag, language);
        for (const step of before) await step({ t, me });
        const mailsBefore = (await mailsTo(t, email)).length;
        const pushesBefore = (await notifications(phone)).length;
        await duress({ t, me });
        // Nobody said 'Lo tengo': the first reminder goes five minutes after the alert started.
        t.clock.advance(5 * MINUTE);
        await createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue();
        const mails = (await mailsTo(t, email)).slice(mailsBefore);
        const pushes = (await notifications(phone)).slice(pushesBefore);
        const page = (await t.call('GET', `ack/${ackTokenIn(mails.at(-1))}`)).body.message as AckView;

        const checkIn = on === 'check-in';
        expect({
          // In the order the mail server took them, which two rows queued together need not keep.
          subjects: mails.map((mail) => mail.subject).sort(),
          saysCheckInClosed: mails.map((mail) => (mail.text ?? '').includes(c.checkInForced(WHO))),
          saysAlertEnded: mails.map((mail) => (mail.text ?? '').includes(c.duressLead(WHO))),
          pushes,
          page: { forced: page.forced, forced_on: page.forced_on },
        }).toEqual({
          subjects: [checkIn ? c.checkInForcedSubject(WHO) : c.duressSubject(WHO), c.reminderSubject(WHO)].sort(),
          saysCheckInClosed: [checkIn, checkIn],
          saysAlertEnded: [!checkIn, !checkIn],
          pushes: [
            checkIn
              ? [p.checkInForcedTitle(WHO), p.checkInForcedBody(WHO)]
              : [p.duressTitle(WHO), p.duressBody(WHO, '')],
          ],
          page: { forced: true, forced_on: on },
        });
      },
    );
  });
});
