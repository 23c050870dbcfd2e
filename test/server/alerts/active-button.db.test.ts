import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { apiMessages } from '#shared/messages.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const MINUTE = 60_000;

describe('pressing SOS and ending the alert', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A person with one confirmed contact, one unconfirmed and one who opted out. */
  async function personWithContacts(tag: string) {
    const me = await signUp(t, `${tag}@example.com`, 'Rosa');
    const add = (email: string, firstname: string) =>
      t.call('POST', 'contacts', {
        token: me.access_token,
        body: { firstname, lastname: 'Díaz', email, phone: '+13055550111', kinship: 'Hermano' },
      });
    await add(`${tag}-confirmado@example.com`, 'Luis');
    await add(`${tag}-pendiente@example.com`, 'Pedro');
    await add(`${tag}-baja@example.com`, 'Marta');
    const token = verifyTokenIn((await mailsTo(t, `${tag}-confirmado@example.com`))[0]);
    expect((await t.call('GET', `verify-contact/${token}`)).status).toBe(200);
    const bajaToken = verifyTokenIn((await mailsTo(t, `${tag}-baja@example.com`))[0]);
    expect((await t.call('GET', `verify-contact/${bajaToken}`)).status).toBe(200);
    const unsubscribe = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(
      (await mailsTo(t, `${tag}-baja@example.com`))[0]?.text ?? '',
    )?.[1];
    expect((await t.call('POST', 'unsubscribe', { body: { token: unsubscribe } })).status).toBe(200);
    return me;
  }

  const press = (me: Session, body: Record<string, unknown>, key: string = randomUUID(), method = 'PUT') =>
    t.call(method, 'active-button', { token: me.access_token, body, headers: { 'idempotency-key': key } });

  const alertMails = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => /SOS/.test(mail.subject ?? ''));

  it('e-mails every confirmed contact once, with the time in the phone zone and a map link, and ends with one more e-mail', async () => {
    const me = await personWithContacts('rosa');
    const pressedAt = new Date(t.clock.now().getTime() - 5_000).toISOString();
    const started = await press(me, {
      alert_status: '1',
      latitude: '19.4326',
      longitude: '-99.1332',
      timezone: 'America/Mexico_City',
      pressed_at: pressedAt,
    });
    expect(started).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });

    const [mail, ...more] = await alertMails('rosa-confirmado@example.com');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('ALERTA SOS: Rosa Prueba está en riesgo');
    expect(mail?.text).toContain('latitud 19.4326, longitud -99.1332');
    expect(mail?.text).toContain('https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332');
    expect(mail?.text).toContain('(hora de Ciudad de México)');
    expect(mail?.text).toMatch(/unsubscribe\?token=/);
    expect(await alertMails('rosa-pendiente@example.com')).toHaveLength(0);
    expect(await alertMails('rosa-baja@example.com')).toHaveLength(0);

    // The session carries the alert, so a reopened app lands on the active screen.
    const refreshed = await t.post('refresh', { refresh_token: me.refresh_token });
    expect(refreshed.body.message).toMatchObject({ alert_status: true });

    const ended = await press(me, { alert_status: '2' }, randomUUID(), 'PATCH');
    expect(ended).toMatchObject({ status: 200, body: { success: true, message: { alert_status: false } } });
    const endMails = (await mailsTo(t, 'rosa-confirmado@example.com')).filter((m) => /finalizó/.test(m.subject ?? ''));
    expect(endMails.map((m) => m.subject)).toEqual(['Rosa Prueba finalizó su alerta SOS']);
    // Ending again changes nothing and sends nothing.
    expect(await press(me, { alert_status: '2' })).toMatchObject({
      status: 200,
      body: { message: { alert_status: false, alert_id: null } },
    });
    expect((await mailsTo(t, 'rosa-confirmado@example.com')).length).toBe(3);
  });

  it('answers a replay with the first answer and never makes a second alert, even when the copies arrive together', async () => {
    const me = await personWithContacts('eva');
    const key = randomUUID();
    const body = {
      alert_status: '1',
      latitude: '',
      longitude: '',
      timezone: 'America/New_York',
      pressed_at: t.clock.now().toISOString(),
    };
    const replies = await Promise.all([press(me, body, key), press(me, body, key), press(me, body, key)]);
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    const ids = new Set(replies.map((r) => (r.body.message as { alert_id: string }).alert_id));
    expect(ids.size).toBe(1);
    expect(await press(me, body, key)).toMatchObject({ status: 200, body: { message: { alert_id: [...ids][0] } } });
    expect(await alertMails('eva-confirmado@example.com')).toHaveLength(1);
    // The same key with another body is a client bug, not a second alert.
    expect(await press(me, { ...body, alert_status: '2' }, key)).toMatchObject({
      status: 422,
      body: { errors: { idempotency_key: [apiMessages.idempotencyKeyReused] } },
    });
  });

  it('makes one alert and one end when presses with different keys race (two phones, a double tap)', async () => {
    const me = await personWithContacts('ana');
    const start = { alert_status: '1', latitude: '', longitude: '', timezone: 'America/New_York' };
    const starts = await Promise.all(Array.from({ length: 5 }, () => press(me, start)));
    expect(starts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(starts.map((r) => (r.body.message as { alert_id: string }).alert_id)).size).toBe(1);
    expect(await alertMails('ana-confirmado@example.com')).toHaveLength(1);

    const ends = await Promise.all(
      Array.from({ length: 3 }, () => press(me, { alert_status: '2' }, randomUUID(), 'PATCH')),
    );
    expect(ends.map((r) => r.body.message)).toEqual(ends.map(() => expect.objectContaining({ alert_status: false })));
    const endMails = (await mailsTo(t, 'ana-confirmado@example.com')).filter((m) => /finalizó/.test(m.subject ?? ''));
    expect(endMails).toHaveLength(1);
  });

  it('sends the first position of an alert that started without one, once, within ten minutes', async () => {
    const me = await personWithContacts('ines');
    await press(me, { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Chicago' });
    const [first] = await alertMails('ines-confirmado@example.com');
    expect(first?.text).toContain('ubicación no disponible');

    t.clock.advance(3 * MINUTE);
    await press(me, { alert_status: '1', latitude: '41.8781', longitude: '-87.6298', timezone: 'America/Chicago' });
    await press(me, { alert_status: '1', latitude: '41.8800', longitude: '-87.6300', timezone: 'America/Chicago' });
    const mails = await alertMails('ines-confirmado@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'ALERTA SOS: Rosa Prueba está en riesgo',
      'ALERTA SOS: ubicación de Rosa Prueba',
    ]);
    expect(mails[1]?.text).toContain('latitud 41.8781, longitud -87.6298');
  });

  it('says in the e-mail when an alert waited offline before it arrived', async () => {
    const me = await personWithContacts('olga');
    const pressedAt = new Date(t.clock.now().getTime() - 40 * MINUTE).toISOString();
    await press(me, {
      alert_status: '1',
      latitude: '',
      longitude: '',
      timezone: 'America/Los_Angeles',
      pressed_at: pressedAt,
    });
    const [mail] = await alertMails('olga-confirmado@example.com');
    expect(mail?.text).toContain('El teléfono no tenía conexión');
  });

  it('refuses a missing key, a bad body and a missing session with clear Spanish messages', async () => {
    const me = await signUp(t, 'nora@example.com');
    const noKey = await t.call('PUT', 'active-button', { token: me.access_token, body: { alert_status: '1' } });
    expect(noKey).toMatchObject({
      status: 422,
      body: { errors: { idempotency_key: [apiMessages.idempotencyKeyMissing] } },
    });
    expect(await press(me, { alert_status: '4' })).toMatchObject({
      status: 422,
      body: { errors: { alert_status: ["El estado de alerta debe ser '1', '2' o '3'"] } },
    });
    expect(await press(me, { alert_status: '1', latitude: '123', longitude: '0' })).toMatchObject({
      status: 422,
      body: { errors: { latitude: ['La ubicación no es válida'] } },
    });
    expect(await press(me, { alert_status: '1', timezone: 'Luna/Base' })).toMatchObject({
      status: 422,
      body: { errors: { timezone: ['La zona horaria no es válida'] } },
    });
    const anonymous = await t.call('PUT', 'active-button', {
      body: { alert_status: '1' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(anonymous).toMatchObject({ status: 401, body: { message: apiMessages.unauthorized } });
    // The trailing-slash form of SPEC.md section 7 works too.
    const slash = await t.call('PATCH', 'active-button/', {
      token: me.access_token,
      body: { alert_status: '2' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(slash.status).toBe(200);
  });
});
