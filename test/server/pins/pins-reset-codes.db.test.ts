import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import type { Session } from '#shared/api/auth.ts';
import { lockoutTarget } from '#server/auth/lockout.ts';
import { resetLimitKey } from '#server/pins/reset-keys.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { pinsSetOf, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The e-mailed code that deletes forgotten PINs, typed on a signed-in phone that may
// not be in its owner's hands.

const RESET_SUBJECT = /^Tu código para borrar tus PIN: (\d{4})$/;

describe('PIN-reset codes on a seized phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (me: Session) => t.call('POST', 'profile/pins/forgot', { token: me.access_token });
  const reset = (me: Session, code: string) =>
    t.call('POST', 'profile/pins/reset', { token: me.access_token, body: { code } });

  async function resetCodeOf(email: string): Promise<string> {
    const mail = (await mailsTo(t, email)).filter((one) => RESET_SUBJECT.test(one.subject ?? '')).at(-1);
    return RESET_SUBJECT.exec(mail?.subject ?? '')![1]!;
  }

  it('wrong reset codes never lock the sign-in of the owner on another device', async () => {
    const email = 'no-bloquea@example.com';
    const me = await signUp(t, email);
    await setPins(t, me);
    expect((await forgot(me)).status).toBe(200);
    const sent = await resetCodeOf(email);
    for (let i = 0; i < 5; i++) expect((await reset(me, sent === '0000' ? '0001' : '0000')).status).toBe(422);
    // The code is burned and reset codes wait out their own lockout...
    expect((await forgot(me)).status).toBe(429);
    // The owner signs in on the laptop as ever.
    expect((await t.post('signin', { email })).status).toBe(200);
    const code = await t.codeSentTo(email);
    const verified = await t.post('verify', { email, code });
    expect(verified.status).toBe(200);
    v.parse(sessionSchema, verified.body.message);
  });

  it('a right reset code during an alert answers as ever and deletes no PIN', async () => {
    const { me } = await personWithConfirmedContacts(t, 'reset-alerta', [['Luis', 'Mora']]);
    await setPins(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect((await forgot(me)).status).toBe(200);
    const code = await resetCodeOf('reset-alerta@example.com');
    expect((await reset(me, code)).body).toEqual({ success: true, message: pinMessages.deleted });
    const { rows } = await t.pool.query('select pin_hash_a is not null as pins from users where email = $1', [
      'reset-alerta@example.com',
    ]);
    expect(rows).toEqual([{ pins: true }]);
    // The code is used up all the same, as a real reset uses it.
    expect((await reset(me, code)).status).toBe(422);
    expect(await pinsSetOf(t, me)).toBeDefined();
  });

  it('deleting the account takes the reset code row, its count of wrong codes and its hourly count', async () => {
    const email = 'reset-borra@example.com';
    const me = await signUp(t, email);
    await setPins(t, me);
    expect((await forgot(me)).status).toBe(200);
    const code = await resetCodeOf(email);
    expect((await reset(me, code === '0000' ? '0001' : '0000')).status).toBe(422);
    expect((await forgot(me)).status).toBe(200);
    const targets = [email, lockoutTarget(email), lockoutTarget(email, 'pins-reset')];
    const left = async () => ({
      verifications: (
        await t.pool.query(`select type from verifications where target = any($1) order by type`, [targets])
      ).rows,
      limits: (await t.pool.query(`select count(*)::int as n from rate_limits where key = $1`, [resetLimitKey(email)]))
        .rows,
    });
    expect(await left()).toEqual({
      verifications: [{ type: 'pins-reset' }, { type: 'signin-lockout' }],
      limits: [{ n: 1 }],
    });

    expect((await t.call('DELETE', 'profile', { token: me.access_token })).status).toBe(200);
    expect(await left()).toEqual({ verifications: [], limits: [{ n: 0 }] });
  });
});
