import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import * as fieldMessages from '#shared/field-messages.ts';
import { apiMessages } from '#shared/messages.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { DURESS_PIN, PIN, pinsSetOf, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// PUT/DELETE /api/profile/pins, the e-mailed code for forgotten PINs, and the
// lockout that every route taking a PIN shares: 5 wrong PINs, then 15 minutes.

const MINUTE = 60_000;
const RESET_SUBJECT = /^Tu código para borrar tus PIN: (\d{4})$/;

const putPins = (t: TestApp, me: Session, body: unknown) =>
  t.call('PUT', 'profile/pins', { token: me.access_token, body });
const deletePins = (t: TestApp, me: Session, body: unknown) =>
  t.call('DELETE', 'profile/pins', { token: me.access_token, body });
const invalidOn = (field: string, message: string) => ({
  status: 422,
  body: { success: false, message, errors: { [field]: [message] } },
});
/** Refused by the shared schema: the envelope's general message, the field's own. */
const refusedOn = (field: string, message: string) => ({
  status: 422,
  body: { success: false, message: apiMessages.invalidData, errors: { [field]: [message] } },
});

async function pinRow(t: TestApp, email: string) {
  const { rows } = await t.pool.query<{
    pin_hash_a: string | null;
    pin_hash_b: string | null;
    pin_failures: number;
    pin_locked_until: Date | null;
  }>('select pin_hash_a, pin_hash_b, pin_failures, pin_locked_until from users where email = $1', [email]);
  return rows[0]!;
}

describe('the PINs of a profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets two different 4-digit PINs, stored as keyed, salted scrypt hashes only', async () => {
    const me = await signUp(t, 'pone@example.com');
    const other = await signUp(t, 'otra-pone@example.com');
    expect(await pinsSetOf(t, me)).toBe(false);
    expect(await putPins(t, me, {})).toMatchObject({
      status: 422,
      body: { errors: { pin: [pinMessages.pinFormat], duress_pin: [pinMessages.duressFormat] } },
    });
    expect(await putPins(t, me, { pin: '12a4', duress_pin: '12345' })).toMatchObject({
      status: 422,
      body: { errors: { pin: [pinMessages.pinFormat], duress_pin: [pinMessages.duressFormat] } },
    });
    expect(await putPins(t, me, { pin: '1111', duress_pin: '1111' })).toMatchObject(
      refusedOn('duress_pin', pinMessages.pinsEqual),
    );
    expect(await pinsSetOf(t, me)).toBe(false);

    await setPins(t, me);
    await setPins(t, other);
    expect(await pinsSetOf(t, me)).toBe(true);
    const [mine, theirs] = [await pinRow(t, 'pone@example.com'), await pinRow(t, 'otra-pone@example.com')];
    expect(mine.pin_hash_a).toMatch(/^scrypt2\$[\w-]{22}\$[\w-]{43}$/);
    expect(mine.pin_hash_b).toMatch(/^scrypt2\$[\w-]{22}\$[\w-]{43}$/);
    expect(`${mine.pin_hash_a}${mine.pin_hash_b}`).not.toContain(PIN);
    // The same PINs, other salts: no two rows share a hash.
    expect(theirs.pin_hash_a).not.toBe(mine.pin_hash_a);
    expect(mine.pin_hash_b).not.toBe(mine.pin_hash_a);
  });

  it('replaces the PINs only with the current PIN; the duress PIN seems to work and changes nothing', async () => {
    const me = await signUp(t, 'cambia@example.com');
    await setPins(t, me);
    const before = await pinRow(t, 'cambia@example.com');
    expect(await putPins(t, me, { pin: '1111', duress_pin: '2222' })).toMatchObject(
      invalidOn('current_pin', pinMessages.currentRequired),
    );
    expect(await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: '0000' })).toMatchObject(
      invalidOn('current_pin', pinMessages.pinWrong),
    );
    const forced = await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: DURESS_PIN });
    expect(forced.body).toEqual({ success: true, message: pinMessages.saved });
    expect(await pinRow(t, 'cambia@example.com')).toEqual({ ...before, pin_failures: 0 });
    expect(await pinsSetOf(t, me)).toBe(true);

    expect((await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: PIN })).body).toEqual({
      success: true,
      message: pinMessages.saved,
    });
    // The old PIN no longer is one; the new one is.
    expect(await deletePins(t, me, { pin: PIN })).toMatchObject(invalidOn('pin', pinMessages.pinWrong));
    expect((await deletePins(t, me, { pin: '1111' })).body).toEqual({ success: true, message: pinMessages.deleted });
    expect(await pinsSetOf(t, me)).toBe(false);
  });

  it('after a change made with the duress PIN, the PINs it set answer as real ones would, while the real PINs keep protecting', async () => {
    const [real, forced] = [await signUp(t, 'cambia-real@example.com'), await signUp(t, 'cambia-forzado@example.com')];
    for (const me of [real, forced]) await setPins(t, me);
    const before = await pinRow(t, 'cambia-forzado@example.com');
    const change = { pin: '1111', duress_pin: '2222' };
    // The same script on both accounts, the real PIN on one, the duress PIN on the other.
    const replies = await Promise.all(
      [
        [real, PIN],
        [forced, DURESS_PIN],
      ].map(async ([me, first]) => {
        const session = me as Session;
        return [
          await putPins(t, session, { ...change, current_pin: first }),
          await putPins(t, session, { pin: '3333', duress_pin: '4444', current_pin: '1111' }),
          await putPins(t, session, { pin: '5555', duress_pin: '6666', current_pin: '0000' }),
          await t.call('GET', 'profile', { token: session.access_token }),
        ].map((reply) => [reply.status, (reply.body as { message: unknown }).message]);
      }),
    );
    expect(replies[1]!.slice(0, 3)).toEqual(replies[0]!.slice(0, 3));
    expect((replies[1]![3]![1] as { pins_set: boolean }).pins_set).toBe(true);
    // The real PINs are untouched: the real one still ends an alert for everyone.
    expect(await pinRow(t, 'cambia-forzado@example.com')).toEqual({ ...before, pin_failures: 1 });
    expect((await deletePins(t, forced, { pin: PIN })).body).toEqual({ success: true, message: pinMessages.deleted });
    expect(await pinRow(t, 'cambia-forzado@example.com')).toEqual({
      pin_hash_a: null,
      pin_hash_b: null,
      pin_failures: 0,
      pin_locked_until: null,
    });
  });

  it('deletes the PINs with the real PIN only; the duress PIN answers the same, shows them deleted and deletes nothing', async () => {
    const me = await signUp(t, 'borra@example.com');
    expect(await deletePins(t, me, { pin: PIN })).toMatchObject({
      status: 404,
      body: { success: false, message: pinMessages.notSet },
    });
    await setPins(t, me);
    expect(await deletePins(t, me, {})).toMatchObject(refusedOn('pin', pinMessages.pinRequired));
    expect(await deletePins(t, me, { pin: '0000' })).toMatchObject(invalidOn('pin', pinMessages.pinWrong));
    const before = await pinRow(t, 'borra@example.com');
    expect((await deletePins(t, me, { pin: DURESS_PIN })).body).toEqual({
      success: true,
      message: pinMessages.deleted,
    });
    // Shown as an account without PINs, in every reply; the real PINs are kept.
    expect(await pinsSetOf(t, me)).toBe(false);
    expect(await deletePins(t, me, { pin: DURESS_PIN })).toMatchObject({
      status: 404,
      body: { success: false, message: pinMessages.notSet },
    });
    expect(await pinRow(t, 'borra@example.com')).toEqual({ ...before, pin_failures: 0 });
    // The owner, who knows, takes them back with the real PIN.
    expect((await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: PIN })).body).toEqual({
      success: true,
      message: pinMessages.saved,
    });
    expect((await deletePins(t, me, { pin: '1111' })).body).toEqual({ success: true, message: pinMessages.deleted });
    expect(await pinsSetOf(t, me)).toBe(false);
    expect(await pinRow(t, 'borra@example.com')).toEqual({
      pin_hash_a: null,
      pin_hash_b: null,
      pin_failures: 0,
      pin_locked_until: null,
    });
  });

  it('after the duress PIN deleted the PINs, FINALIZAR ALERTA needs none, as without PINs, and the contacts keep being alerted', async () => {
    const { me } = await personWithConfirmedContacts(t, 'borra-alerta', [['Luis', 'Díaz']]);
    await setPins(t, me);
    expect((await deletePins(t, me, { pin: DURESS_PIN })).body).toEqual({
      success: true,
      message: pinMessages.deleted,
    });
    const started = await press(t, me, { alert_status: '1', ...MEXICO });
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    expect((await press(t, me, { alert_status: '2', ...MEXICO })).body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: alertId, contacts_told: 'none' },
    });
    const { rows } = await t.pool.query<{ status: string; hidden: boolean }>(
      'select status, ended_by_duress_at is not null as hidden from alerts where id = $1',
      [alertId],
    );
    expect(rows).toEqual([{ status: 'active', hidden: true }]);
  });

  it('forgotten PINs: an e-mailed 4-digit code deletes them, once; wrong codes are refused', async () => {
    const me = await signUp(t, 'olvida@example.com');
    expect(await t.call('POST', 'profile/pins/forgot', { token: me.access_token })).toMatchObject({
      status: 404,
      body: { message: pinMessages.notSet },
    });
    await setPins(t, me);
    const sent = await t.call('POST', 'profile/pins/forgot', { token: me.access_token });
    expect(sent.body).toEqual({ success: true, message: pinMessages.codeSent });
    const { rows } = await t.pool.query<{ priority: number }>(
      `select priority from outbox where kind = 'pins-reset-code' and recipient = 'olvida@example.com'`,
    );
    // At the sign-in codes' priority: the person waits on the screen for it.
    expect(rows).toEqual([{ priority: 1 }]);
    const mail = (await mailsTo(t, 'olvida@example.com')).filter((one) => RESET_SUBJECT.test(one.subject ?? '')).at(-1);
    const code = RESET_SUBJECT.exec(mail?.subject ?? '')![1]!;
    expect(mail?.text).toContain(`Tu código es: ${code}`);

    const reset = (body: unknown) => t.call('POST', 'profile/pins/reset', { token: me.access_token, body });
    expect(await reset({})).toMatchObject({ status: 422, body: { errors: { code: [fieldMessages.fieldRequired] } } });
    const wrong = code === '0000' ? '0001' : '0000';
    expect(await reset({ code: wrong })).toMatchObject(invalidOn('code', pinMessages.codeWrong));
    expect(await pinsSetOf(t, me)).toBe(true);
    expect((await reset({ code })).body).toEqual({ success: true, message: pinMessages.deleted });
    expect(await pinsSetOf(t, me)).toBe(false);
    expect(await reset({ code })).toMatchObject(invalidOn('code', pinMessages.codeWrong));
  });

  it('forgot: as many codes an hour as sign-in codes, then 429', async () => {
    const me = await signUp(t, 'muchos@example.com');
    await setPins(t, me);
    const limit = t.config.rateLimits.codesPerAddress.limit;
    for (let i = 0; i < limit; i++)
      expect((await t.call('POST', 'profile/pins/forgot', { token: me.access_token })).status).toBe(200);
    const refused = await t.call('POST', 'profile/pins/forgot', { token: me.access_token });
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: apiMessages.tooManyRequests } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('5 wrong PINs lock every route that takes a PIN for 15 minutes, even with the right PIN', async () => {
    const { me } = await personWithConfirmedContacts(t, 'bloquea', [['Luis', 'Díaz']]);
    await setPins(t, me);
    // Wrong PINs on different routes add up.
    expect(await deletePins(t, me, { pin: '0000' })).toMatchObject(invalidOn('pin', pinMessages.pinWrong));
    expect(await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: '0001' })).toMatchObject(
      invalidOn('current_pin', pinMessages.pinWrong),
    );
    await press(t, me, { alert_status: '1', ...MEXICO });
    for (const pin of ['0002', '0003'])
      expect(await press(t, me, { alert_status: '2', ...MEXICO, pin })).toMatchObject(
        invalidOn('pin', pinMessages.pinWrong),
      );
    // On the routes of the SOS queue a 422 on the PIN: a 429 would stay in the queue, ahead of any new SOS.
    const queued = invalidOn('pin', pinMessages.tooManyAttempts);
    expect(await press(t, me, { alert_status: '2', ...MEXICO, pin: '0004' })).toMatchObject(queued);

    const locked = { status: 429, body: { success: false, message: pinMessages.tooManyAttempts } };
    expect(await press(t, me, { alert_status: '2', ...MEXICO, pin: PIN })).toMatchObject(queued);
    const deleted = await deletePins(t, me, { pin: PIN });
    expect(deleted).toMatchObject(locked);
    expect(Number(deleted.headers.get('retry-after'))).toBe(15 * 60);
    expect(await putPins(t, me, { pin: '1111', duress_pin: '2222', current_pin: PIN })).toMatchObject(locked);
    const checkIn = { action: 'ok', pin: PIN };
    await t.call('POST', 'check-ins', {
      token: me.access_token,
      body: { purpose: 'trabajo', due_at: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), ...MEXICO },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(
      await t.call('PUT', 'check-ins/current', {
        token: me.access_token,
        body: checkIn,
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    ).toMatchObject(queued);
    // The alert is still on: a locked PIN ends nothing.
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).body.message).toMatchObject({ alert_status: true });

    t.clock.advance(15 * MINUTE - 1000);
    expect(await press(t, me, { alert_status: '2', ...MEXICO, pin: PIN })).toMatchObject(queued);
    t.clock.advance(1000);
    expect((await press(t, me, { alert_status: '2', ...MEXICO, pin: PIN })).body.message).toMatchObject({
      alert_status: false,
    });
    expect(await pinRow(t, 'bloquea@example.com')).toMatchObject({ pin_failures: 0, pin_locked_until: null });
  });
});
