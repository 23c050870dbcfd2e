import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { and, eq } from 'drizzle-orm';
import { firmGetsDetentionInfo, hasFirmConsent } from '#server/desk/consent.ts';
import { users } from '#server/db/schema.ts';
import { MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

describe("'Compartir mis alertas con la firma'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const consent = (me: Session, share: unknown, pin?: string, detention_info?: boolean) =>
    t.call('PUT', 'profile/firm-consent', {
      token: me.access_token,
      body: { share, detention_info },
      ...(pin ? { headers: { 'x-pin': pin } } : {}),
    });
  const shown = async (me: Session) => {
    const { firm_consent, firm_consent_asked, firm_detention_info } = (
      await t.call('GET', 'profile', { token: me.access_token })
    ).body.message as Record<string, unknown>;
    return { firm_consent, firm_consent_asked, firm_detention_info };
  };
  const firmGetsIt = async (me: Session) =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, me.id), firmGetsDetentionInfo))
    ).length === 1;
  const press = (me: Session) =>
    t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { alert_status: '1', ...MEXICO },
      headers: { 'idempotency-key': randomUUID() },
    });

  it('is off and not yet asked after signup; the desk does not see the person', async () => {
    const me = await signUp(t, 'nueva@example.com', 'Nueva');
    expect(await shown(me)).toEqual({ firm_consent: false, firm_consent_asked: false, firm_detention_info: false });
    expect(await hasFirmConsent(t.db, me.id)).toBe(false);
  });

  it('turns on and off freely outside an alert, and remembers the offer was answered', async () => {
    const me = await signUp(t, 'libre@example.com', 'Libre');
    const on = await consent(me, true);
    expect(on).toMatchObject({
      status: 200,
      body: { success: true, message: { firm_consent: true, firm_consent_asked: true } },
    });
    expect(await hasFirmConsent(t.db, me.id)).toBe(true);
    const off = await consent(me, false);
    expect(off).toMatchObject({ status: 200, body: { message: { firm_consent: false, firm_consent_asked: true } } });
    expect(await hasFirmConsent(t.db, me.id)).toBe(false);
  });

  it('refuses a body that is not a yes or a no, in Spanish', async () => {
    const me = await signUp(t, 'malo@example.com', 'Malo');
    const reply = await consent(me, 'quizás');
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ success: false, errors: { share: ['Elige sí o no.'] } });
    expect((await t.call('PUT', 'profile/firm-consent', { body: { share: true } })).status).toBe(401);
  });

  it('asks for the PIN to turn it off during an alert; the real PIN turns it off', async () => {
    const { me } = await personWithConfirmedContacts(t, 'real', [['Luis', 'Díaz']]);
    await setPins(t, me);
    await consent(me, true);
    expect((await press(me)).status).toBe(200);
    const asked = await consent(me, false);
    expect(asked).toMatchObject({ status: 422, body: { errors: { pin: [pinMessages.pinRequired] } } });
    expect(await hasFirmConsent(t.db, me.id)).toBe(true);
    expect((await consent(me, false, PIN)).status).toBe(200);
    expect(await shown(me)).toEqual({ firm_consent: false, firm_consent_asked: true, firm_detention_info: false });
    expect(await hasFirmConsent(t.db, me.id)).toBe(false);
  });

  it('under the duress PIN shows it off to the person while the desk keeps seeing the alert', async () => {
    const { me } = await personWithConfirmedContacts(t, 'coaccion', [['Luis', 'Díaz']]);
    await setPins(t, me);
    await consent(me, true);
    expect((await press(me)).status).toBe(200);
    const reply = await consent(me, false, DURESS_PIN);
    expect(reply).toMatchObject({ status: 200, body: { message: { firm_consent: false } } });
    expect(await shown(me)).toEqual({ firm_consent: false, firm_consent_asked: true, firm_detention_info: false });
    expect(await hasFirmConsent(t.db, me.id)).toBe(true);
  });

  it('with no PINs set, keeps the firm on the case until the alert ends', async () => {
    const { me } = await personWithConfirmedContacts(t, 'sinpin', [['Luis', 'Díaz']]);
    await consent(me, true);
    expect((await press(me)).status).toBe(200);
    expect(await consent(me, false)).toMatchObject({ status: 409, body: { message: pinMessages.alertActive } });
    expect(await hasFirmConsent(t.db, me.id)).toBe(true);
  });

  it('gives the firm the detention information only when chosen, and keeps it under the duress PIN', async () => {
    const { me } = await personWithConfirmedContacts(t, 'detenido', [['Luis', 'Díaz']]);
    await setPins(t, me);
    expect((await consent(me, true)).body).toMatchObject({
      message: { firm_consent: true, firm_detention_info: false },
    });
    expect(await firmGetsIt(me)).toBe(false);
    expect((await consent(me, true, undefined, true)).body).toMatchObject({ message: { firm_detention_info: true } });
    expect(await firmGetsIt(me)).toBe(true);
    expect((await press(me)).status).toBe(200);
    expect((await consent(me, true, undefined, false)).status).toBe(422);
    expect((await consent(me, true, DURESS_PIN, false)).body).toMatchObject({
      message: { firm_detention_info: false },
    });
    expect(await shown(me)).toEqual({ firm_consent: true, firm_consent_asked: true, firm_detention_info: false });
    expect(await firmGetsIt(me)).toBe(true);
    expect((await consent(me, true, PIN, false)).status).toBe(200);
    expect(await firmGetsIt(me)).toBe(false);
  });
});
