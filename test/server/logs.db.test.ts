import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import { unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import type { SmtpSink } from '#test/support/smtp-sink.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

describe('what the server logs', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('holds no address, code, token, name or position after a whole life of an account, refused mail and bad input included', async () => {
    // The mail server refuses for a while: failures are logged too.
    smtp.refuse = true;
    await t.post('signin', { email: 'Yolanda.Rivas@example.com' });
    await t.drainOutbox();
    smtp.refuse = false;
    t.clock.advance(5_000);
    await t.drainOutbox();
    const code = /(\d{4})$/.exec(smtp.received.at(-1)?.subject ?? '')?.[1] ?? '';
    const signup = await t.post('signup', {
      email: 'yolanda.rivas@example.com',
      code,
      firstname: 'Yolanda',
      lastname: 'Rivas',
      phone: '+13055550177',
      terms: true,
    });
    const me = v.parse(sessionSchema, signup.body.message);

    const contact = {
      firstname: 'Esteban',
      lastname: 'Quintero',
      email: 'esteban.quintero@example.com',
      phone: '+13055550178',
      kinship: 'Hermano',
    };
    await t.call('POST', 'contacts', { token: me.access_token, body: contact });
    await t.drainOutbox();
    const invitation = smtp.received.at(-1);
    const verifyToken = verifyTokenIn(invitation);
    const unsubscribeToken = unsubscribeTokenIn(invitation);
    await t.call('GET', `verify-contact/${verifyToken}`);
    const press = (body: object) =>
      t.call('PUT', 'active-button', { token: me.access_token, body, headers: { 'idempotency-key': randomUUID() } });
    await press({ alert_status: '1', latitude: '', longitude: '', timezone: 'America/Bogota' });
    await press({ alert_status: '1', latitude: '4.7110', longitude: '-74.0721', timezone: 'America/Bogota' });
    await press({ alert_status: '2' });
    const refreshed = v.parse(
      sessionSchema,
      (await t.post('refresh', { refresh_token: me.refresh_token })).body.message,
    );
    // Bad input carrying the same secrets.
    await t.post('signin', `{"email": "yolanda.rivas@example.com", "code": "${code}"`);
    await t.post('verify', { email: 'yolanda.rivas@example.com', code: '12345' });
    await press({ alert_status: '1', latitude: '4.7110', longitude: '999' });
    await t.call('GET', `contacts/${verifyToken}`, { token: refreshed.access_token });
    await t.post('refresh', { refresh_token: me.refresh_token });
    t.clock.advance(2 * 60_000);
    await t.post('signin', { email: 'yolanda.rivas@example.com' });
    for (const wrong of ['0000', '0001', '0002', '0003', '0004', '0005'])
      await t.post('verify', { email: 'yolanda.rivas@example.com', code: wrong });
    await t.post('unsubscribe', { token: unsubscribeToken });
    await t.call('POST', 'logout', { token: refreshed.access_token });
    await t.drainOutbox();

    const logged = t.log.text();
    expect(logged).toMatch(/envío fallido/);
    expect(logged).toMatch(/enviado por SMTP/);
    const secrets = [
      'yolanda',
      'Yolanda',
      'Rivas',
      'rivas',
      'esteban',
      'Esteban',
      'Quintero',
      '@example.com',
      '+1305555017',
      code,
      me.access_token,
      me.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
      verifyToken,
      unsubscribeToken,
      '4.7110',
      '-74.0721',
      '4.711',
      '74.07',
    ];
    for (const secret of secrets) expect(logged, secret).not.toContain(secret);
  });
});
