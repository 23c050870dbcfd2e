import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema, type Session } from '#shared/api/auth.ts';
import { detentionMessages } from '#shared/api/detention-info.ts';
import { PIN_HEADER, pinGuardHints, pinMessages } from '#shared/api/pins.ts';
import { apiMessages } from '#shared/messages.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type CallOptions, type TestApp } from '#test/support/test-app.ts';

// While an alert or a check-in is on, nothing done on the phone silences the contacts
// but the real PIN (src/server/pins/seized-phone-guard.ts, docs/security.md).

type Contact = { id: string; email: string; firstname: string; receives_detention_info: boolean };
const DETENTION = { legal_name: 'Rosa Mora', a_number: 'A123456789' };

describe('a seized phone during an alert', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const withPin = (me: Session, pin?: string, body?: unknown): CallOptions => ({
    token: me.access_token,
    ...(body === undefined ? {} : { body }),
    headers: pin ? { [PIN_HEADER]: pin } : ({} as Record<string, string>),
  });
  const contactsOf = async (me: Session) =>
    (await t.call('GET', 'contacts', { token: me.access_token })).body.message as Contact[];

  async function signInAgain(email: string): Promise<Session> {
    await t.post('signin', { email });
    const code = await t.codeSentTo(email);
    return v.parse(sessionSchema, (await t.post('verify', { email, code })).body.message);
  }

  async function alertOn(tag: string, pins: boolean) {
    const person = await personWithConfirmedContacts(t, tag, [
      ['Luis', 'Mora'],
      ['Eva', 'Mora'],
    ]);
    if (pins) await setPins(t, person.me);
    const laptop = await signInAgain(`${tag}@example.com`);
    for (const contact of await contactsOf(person.me)) {
      expect(
        (
          await t.call('PATCH', `contacts/${contact.id}`, {
            token: person.me.access_token,
            body: { receives_detention_info: true },
          })
        ).status,
      ).toBe(200);
    }
    expect(
      (await t.call('PUT', 'profile/detention-info', { token: person.me.access_token, body: DETENTION })).status,
    ).toBe(200);
    expect((await press(t, person.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    return { ...person, laptop };
  }

  /** Everything the contacts depend on, as rows. */
  async function whatContactsGet(email: string) {
    const { rows } = await t.pool.query(
      `select (select count(*)::int from contacts c where c.user_id = u.id) as contacts,
              (select count(*)::int from contacts c where c.user_id = u.id and c.receives_detention_info) as detention_receivers,
              (select md5(d.sealed) from detention_infos d where d.user_id = u.id) as detention,
              (select count(*)::int from alerts a where a.user_id = u.id and a.status = 'active') as active_alerts,
              (select count(*)::int from alert_deliveries d join alerts a on a.id = d.alert_id where a.user_id = u.id) as deliveries
         from users u where u.email = $1`,
      [email],
    );
    return rows[0] as Record<string, number | string> | undefined;
  }

  it('with PINs: each silencing action asks for the PIN; the duress PIN answers as success and changes nothing', async () => {
    const { me, laptop } = await alertOn('forzada', true);
    const before = await whatContactsGet('forzada@example.com');
    expect(before).toEqual({
      contacts: 2,
      detention_receivers: 2,
      detention: expect.any(String),
      active_alerts: 1,
      deliveries: 2,
    });
    const [luis, eva] = await contactsOf(me);

    const pinRequired = {
      status: 422,
      body: { success: false, message: pinMessages.pinRequired, errors: { pin: [pinMessages.pinRequired] } },
    };
    const pinWrong = {
      status: 422,
      body: { success: false, message: pinMessages.pinWrong, errors: { pin: [pinMessages.pinWrong] } },
    };
    expect(await t.call('DELETE', `contacts/${luis!.id}`, withPin(me))).toMatchObject(pinRequired);
    expect(await t.call('DELETE', `contacts/${luis!.id}`, withPin(me, '0000'))).toMatchObject(pinWrong);

    const forced = [
      await t.call('DELETE', `contacts/${luis!.id}`, withPin(me, DURESS_PIN)),
      await t.call('PATCH', `contacts/${eva!.id}`, withPin(me, DURESS_PIN, { receives_detention_info: false })),
      await t.call('DELETE', 'profile/detention-info', withPin(me, DURESS_PIN)),
      await t.call('PUT', 'profile/detention-info', withPin(me, DURESS_PIN, { legal_name: '', a_number: '' })),
      await t.call('POST', 'profile/sessions/revoke-others', withPin(me, DURESS_PIN)),
    ];
    expect(forced.map((reply) => [reply.status, reply.body.message])).toEqual([
      [200, apiMessages.contactDeleted],
      [200, expect.objectContaining({ id: eva!.id, receives_detention_info: false })],
      [200, detentionMessages.deleted],
      [200, expect.objectContaining({ legal_name: '', a_number: '' })],
      [200, { revoked: 1 }],
    ]);
    expect(await whatContactsGet('forzada@example.com')).toEqual(before);
    // Eva is shown unmarked: unmarking her again, in another language, asks for nothing and changes the language only.
    const again = await t.call(
      'PATCH',
      `contacts/${eva!.id}`,
      withPin(me, undefined, { language: 'en', receives_detention_info: false }),
    );
    expect([again.status, again.body.message]).toEqual([
      200,
      expect.objectContaining({ id: eva!.id, language: 'en', receives_detention_info: false }),
    ]);
    expect(await whatContactsGet('forzada@example.com')).toEqual(before);
    // The owner's laptop still works.
    expect((await t.call('GET', 'profile', { token: laptop.access_token })).status).toBe(200);

    // The real PIN proceeds.
    expect((await t.call('DELETE', `contacts/${luis!.id}`, withPin(me, PIN))).body).toEqual({
      success: true,
      message: apiMessages.contactDeleted,
    });
    expect((await t.call('POST', 'profile/sessions/revoke-others', withPin(me, PIN))).body).toEqual({
      success: true,
      message: { revoked: 1 },
    });
    expect((await t.call('GET', 'profile', { token: laptop.access_token })).status).toBe(401);
    expect(await whatContactsGet('forzada@example.com')).toEqual({ ...before, contacts: 1, detention_receivers: 1 });
  });

  it('a contact deleted with the duress PIN and added again is shown new; the contact is told as before', async () => {
    const { me } = await alertOn('otra-vez', true);
    const before = await whatContactsGet('otra-vez@example.com');
    const [luis] = await contactsOf(me);
    expect((await t.call('DELETE', `contacts/${luis!.id}`, withPin(me, DURESS_PIN))).status).toBe(200);
    const again = { firstname: 'Luisito', lastname: 'M', email: luis!.email, phone: '+13055550199', kinship: 'Amigo' };
    const added = await t.call('POST', 'contacts', { token: me.access_token, body: { ...again, language: 'ht' } });
    expect(added.status).toBe(200);
    expect(added.body.message).toEqual(
      expect.objectContaining({ ...again, language: 'ht', email_verified_at: null, receives_detention_info: false }),
    );
    expect((added.body.message as Contact).id).not.toBe(luis!.id);
    expect(await whatContactsGet('otra-vez@example.com')).toEqual(before);
    // Still confirmed, with the name, language and choice the contact had.
    const { rows } = await t.pool.query(
      `select firstname, language, receives_detention_info, email_verified_at is not null as confirmed
         from contacts where email = $1`,
      [luis!.email],
    );
    expect(rows).toEqual([
      { firstname: luis!.firstname, language: 'es', receives_detention_info: true, confirmed: true },
    ]);
  });

  it('names what is on when it asks: the alert, or the check-in when only a check-in runs', async () => {
    const asked = (on: keyof typeof pinGuardHints) => ({
      status: 422,
      body: {
        success: false,
        message: pinMessages.pinRequired,
        errors: { pin: [pinMessages.pinRequired] },
        notice: pinGuardHints[on],
      },
    });
    const checkIn = {
      purpose: 'cita-inmigracion',
      place: 'Oficina',
      due_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      ...MEXICO,
    };
    for (const pins of [true, false]) {
      const person = await personWithConfirmedContacts(t, `aviso-${pins}`, [['Luis', 'Mora']]);
      if (pins) await setPins(t, person.me);
      const started = await t.call('POST', 'check-ins', {
        token: person.me.access_token,
        body: checkIn,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(started.status).toBe(200);
      const [luis] = await contactsOf(person.me);
      const reply = await t.call('DELETE', `contacts/${luis!.id}`, withPin(person.me));
      expect({ status: reply.status, body: reply.body }).toEqual(
        pins ? asked('check-in') : { status: 409, body: { success: false, message: pinMessages.checkInActive } },
      );
      expect((await press(t, person.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
      const during = await t.call('DELETE', `contacts/${luis!.id}`, withPin(person.me));
      expect({ status: during.status, body: during.body }).toEqual(
        pins ? asked('alert') : { status: 409, body: { success: false, message: pinMessages.alertActive } },
      );
    }
  });

  it('with no PINs set: refused with a Spanish 409 until the alert ends, then allowed', async () => {
    const { me, laptop } = await alertOn('sinpin', false);
    const before = await whatContactsGet('sinpin@example.com');
    const [luis, eva] = await contactsOf(me);
    const refused = { status: 409, body: { success: false, message: pinMessages.alertActive } };
    expect(await t.call('DELETE', `contacts/${luis!.id}`, withPin(me))).toEqual(expect.objectContaining(refused));
    expect(
      await t.call('PATCH', `contacts/${eva!.id}`, withPin(me, undefined, { receives_detention_info: false })),
    ).toMatchObject(refused);
    expect(await t.call('DELETE', 'profile/detention-info', withPin(me))).toMatchObject(refused);
    expect(await t.call('POST', 'profile/sessions/revoke-others', withPin(me))).toMatchObject(refused);
    // Marking (telling more) and changing the language never ask.
    expect((await t.call('PATCH', `contacts/${eva!.id}`, withPin(me, undefined, { language: 'en' }))).status).toBe(200);
    expect(await whatContactsGet('sinpin@example.com')).toEqual(before);
    expect((await t.call('GET', 'profile', { token: laptop.access_token })).status).toBe(200);

    expect((await press(t, me, { alert_status: '2' })).status).toBe(200);
    expect((await t.call('DELETE', `contacts/${luis!.id}`, withPin(me))).status).toBe(200);
    expect((await t.call('POST', 'profile/sessions/revoke-others', withPin(me))).body.message).toEqual({ revoked: 1 });
  });

  it('defers deleting the account until the alert ends for real; the phone is signed out as by a deletion', async () => {
    const { me, laptop } = await alertOn('borrar', false);
    const before = await whatContactsGet('borrar@example.com');
    expect((await t.call('DELETE', 'profile', { token: me.access_token })).body).toEqual({
      success: true,
      message: apiMessages.accountDeleted,
    });
    expect((await t.call('GET', 'profile', { token: me.access_token })).status).toBe(401);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await whatContactsGet('borrar@example.com')).toEqual(before);

    // The owner ends it from the laptop: the account goes at the next clean-up.
    expect((await press(t, laptop, { alert_status: '2' })).status).toBe(200);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await whatContactsGet('borrar@example.com')).toBeUndefined();
  });

  it('an alert never ended for real: after the documented days the contacts are told, then the account goes', async () => {
    const { me } = await alertOn('nunca', false);
    const [luis, eva] = await contactsOf(me);
    expect(
      (await t.call('PATCH', `contacts/${eva!.id}`, { token: me.access_token, body: { language: 'en' } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', 'profile', { token: me.access_token })).status).toBe(200);
    const before = await whatContactsGet('nunca@example.com');
    const notices = async () =>
      (
        await t.pool.query(
          `select recipient, status from outbox where kind = 'account-deletion-notice' order by recipient`,
        )
      ).rows;

    t.clock.advance((t.config.deferredDeletionDays * 24 - 1) * 60 * 60_000);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect([await whatContactsGet('nunca@example.com'), await notices()]).toEqual([before, []]);

    t.clock.advance(60 * 60_000);
    await pruneExpired(t.db, t.clock.now(), t.config);
    // Told first; the account waits for the e-mails to leave.
    expect([await whatContactsGet('nunca@example.com'), await notices()]).toEqual([
      before,
      [eva!.email, luis!.email].sort().map((recipient) => ({ recipient, status: 'pending' })),
    ]);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await whatContactsGet('nunca@example.com')).toEqual(before);
    const [toLuis] = await mailsTo(t, luis!.email).then((mails) =>
      mails.filter((m) => /borrar su cuenta/.test(m.subject ?? '')),
    );
    const [toEva] = await mailsTo(t, eva!.email).then((mails) =>
      mails.filter((m) => /delete their account/.test(m.subject ?? '')),
    );
    expect(toLuis?.subject).toBe('Rosa Prueba pidió borrar su cuenta durante una alerta que nunca terminó');
    expect(toLuis?.text).toContain(`Esperamos ${t.config.deferredDeletionDays} días`);
    expect(toLuis?.text).not.toMatch(/Llama/);
    expect(toEva?.subject).toBe('Rosa Prueba asked to delete their account during an alert that never ended');

    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await whatContactsGet('nunca@example.com')).toBeUndefined();
  });

  it('under the duress PIN, deleting the account signs the phone out and schedules nothing', async () => {
    const { me, laptop } = await alertOn('borrar-forzada', true);
    const before = await whatContactsGet('borrar-forzada@example.com');
    expect((await t.call('DELETE', 'profile', withPin(me, DURESS_PIN))).body).toEqual({
      success: true,
      message: apiMessages.accountDeleted,
    });
    expect((await t.call('GET', 'profile', { token: me.access_token })).status).toBe(401);
    expect((await t.call('GET', 'profile', { token: laptop.access_token })).status).toBe(200);
    const { rows } = await t.pool.query('select deletion_requested_at from users where email = $1', [
      'borrar-forzada@example.com',
    ]);
    expect(rows).toEqual([{ deletion_requested_at: null }]);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await whatContactsGet('borrar-forzada@example.com')).toEqual(before);
  });
});
