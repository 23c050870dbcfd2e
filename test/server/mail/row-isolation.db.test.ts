import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '#shared/api/push.ts';
import { invalidData } from '#shared/api-messages.ts';
import { contacts, outbox, pushSubscriptions } from '#server/db/schema.ts';
import { KEYS_UNUSABLE } from '#server/push/push-sender.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// An outside review made one account's bad phone subscription hold every e-mail of the
// outbox: web-push threw on the stored key inside the batch, the batch rolled back, and the
// same rows were claimed again every few seconds, their e-mails sent again each time.

/** What `POST /api/push/subscriptions` accepted before keys were checked: 65 bytes, not a point. */
const BAD_KEYS = { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) };

describe('one bad row never holds back another', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sosMails = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => /^ALERTA SOS/.test(mail.subject ?? '')).length;

  it("sends everyone's e-mail once while an account's phones hold keys no notification can be made with", async () => {
    const attacker = await personWithConfirmedContacts(t, 'atacante', [
      ['Uno', 'Díaz'],
      ['Dos', 'Díaz'],
    ]);
    const victim = await personWithConfirmedContacts(t, 'victima', [['Luis', 'Gil']]);
    // Five phones per contact, written straight to the table as the old route let them in.
    const attackerContacts = await t.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inArray(contacts.email, attacker.emails));
    await t.db.insert(pushSubscriptions).values(
      attackerContacts.flatMap(({ id }) =>
        Array.from({ length: 5 }, (_, i) => ({
          contactId: id,
          endpoint: `https://fcm.googleapis.com/fcm/send/x${i}`,
          ...BAD_KEYS,
          createdAt: t.clock.now(),
        })),
      ),
    );

    expect((await press(t, attacker.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect((await press(t, victim.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect((await t.post('signin', { email: 'desconocida@example.com' })).status).toBe(200);
    await t.drainOutbox();

    expect({
      victim: await sosMails('victima-luis@example.com'),
      attacker: await Promise.all(attacker.emails.map(sosMails)),
      code: (await mailsTo(t, 'desconocida@example.com')).map((mail) =>
        /^Tu código de acceso: \d{4}$/.test(mail.subject ?? ''),
      ),
    }).toEqual({ victim: 1, attacker: [1, 1], code: [true] });
    const pushRows = await t.db.select().from(outbox).where(eq(outbox.kind, 'push:alert-started'));
    expect(pushRows.map(({ status, attempts, lastError }) => ({ status, attempts, lastError }))).toEqual(
      Array.from({ length: 10 }, () => ({ status: 'failed', attempts: 1, lastError: KEYS_UNUSABLE })),
    );

    // Later drains send nothing again.
    t.clock.advance(10 * 60_000);
    await t.drainOutbox();
    expect({
      victim: await sosMails('victima-luis@example.com'),
      attacker: await Promise.all(attacker.emails.map(sosMails)),
    }).toEqual({ victim: 1, attacker: [1, 1] });
    expect(t.log.text()).not.toContain('fcm.googleapis.com');
  });

  it('refuses a subscription whose keys cannot encrypt a notification, with a Spanish 422', async () => {
    const me = await signUp(t, 'clave@example.com', 'Rosa');
    const email = 'clave-luis@example.com';
    const body = { firstname: 'Luis', lastname: 'Díaz', email, phone: '+13055550111', kinship: 'Hermano' };
    const created = await t.call('POST', 'contacts', { token: me.access_token, body });
    const contactId = (created.body.message as { id: string }).id;
    const verified = await t.call('GET', `verify-contact/${verifyTokenIn((await mailsTo(t, email))[0])}`);
    const token = (verified.body as unknown as { push_token: string }).push_token;
    const endpoint = 'https://fcm.googleapis.com/fcm/send/x';
    // 65 bytes but not a point; a point with its last byte changed (off the curve); a 15-byte secret: the
    // schema lets their shapes through, the route finds them unusable. A compressed point fails the shape.
    const onCurve = 'BOOTRHa4bVZ2Rtkj3tHue_0EF9dX6qD-GbijDEDmQbTTqdyQcmTlXJLsPKcFJHybwJhBdSiyc9g7b6UKia_1JUc';
    const offCurve = `${onCurve.slice(0, -1)}B`;
    const compressed = `A${onCurve.slice(1, 44)}`;
    const unusable = { 'subscription.keys': [pushMessages.keysInvalid] };
    const cases: [{ p256dh: string; auth: string }, Record<string, string[]>][] = [
      [BAD_KEYS, unusable],
      [{ p256dh: offCurve, auth: 'A'.repeat(22) }, unusable],
      [{ p256dh: onCurve, auth: 'A'.repeat(21) }, unusable],
      [{ p256dh: compressed, auth: 'A'.repeat(22) }, { 'subscription.keys.p256dh': [pushMessages.keysInvalid] }],
    ];
    for (const [keys, errors] of cases) {
      const reply = await t.post('push/subscriptions', { token, subscription: { endpoint, keys } });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 422,
        body: { success: false, message: invalidData, errors },
      });
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.contactId, contactId))).toEqual([]);
    const good = await t.post('push/subscriptions', {
      token,
      subscription: { endpoint, keys: { p256dh: onCurve, auth: 'A'.repeat(22) } },
    });
    expect(good.status).toBe(200);
  });
});
