import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInMessages } from '#shared/api/check-ins.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A check-in fired, and the person ended its alert with FINALIZAR ALERTA: the
// contacts read that it ended, so the app must not go on asking for 'Estoy bien'
// with the promise of telling them.

const MINUTE = 60_000;

describe('a fired check-in whose alert the person ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is no longer the current check-in, and a new one can start', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'finaliza', [['Luis', 'Díaz']]);
    const body = {
      purpose: 'trabajo',
      place: '',
      due_at: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString(),
      ...MEXICO,
    };
    const call = (method: string, path: string, payload?: unknown) =>
      t.call(method, path, {
        token: me.access_token,
        ...(payload ? { body: payload } : {}),
        headers: { 'idempotency-key': randomUUID() },
      });
    expect((await call('POST', 'check-ins', body)).status).toBe(200);
    t.clock.advance(40 * MINUTE);
    expect((await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick()).fired).toBe(
      1,
    );
    expect((await call('GET', 'check-ins/current')).body.message).toMatchObject({ status: 'fired' });
    // The start leaves first: an end before it would withdraw it and send nothing.
    await t.drainOutbox();

    expect((await press(t, me, { alert_status: '2' })).status).toBe(200);
    const ended = (await mailsTo(t, emails[0]!)).filter((mail) => /finalizó su alerta SOS$/.test(mail.subject ?? ''));
    expect(ended).toHaveLength(1);

    expect((await call('GET', 'check-ins/current')).body).toEqual({ success: true, message: null });
    expect(await call('PUT', 'check-ins/current', { action: 'ok' })).toMatchObject({
      status: 404,
      body: { message: checkInMessages.none },
    });
    // Nothing more to the contact: no 'está bien' after the 'finalizó'.
    expect((await mailsTo(t, emails[0]!)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/te agregó como contacto/),
      expect.stringMatching(/no confirmó que está bien$/),
      expect.stringMatching(/finalizó su alerta SOS$/),
    ]);
    const next = { ...body, due_at: new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString() };
    expect((await call('POST', 'check-ins', next)).body.message).toMatchObject({ status: 'running' });
    expect((await call('GET', 'check-ins/current')).body.message).toMatchObject({
      status: 'running',
      due_at: next.due_at,
    });
  });
});
