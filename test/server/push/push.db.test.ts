import { statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { pushMessages } from '#shared/api/push.ts';
import type { PushPayload } from '#shared/push-payload.ts';
import { en, es } from '#shared/push-texts.ts';
import { apiMessages } from '#shared/messages.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { parseConfig } from '#server/config.ts';
import { outbox, pushSubscriptions } from '#server/db/schema.ts';
import { SUPERSEDED } from '#server/push/push-sender.ts';
import { ackTokenIn, alertState, lastMail, MEXICO, press } from '#test/support/alert-people.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { startPushService, type Phone, type PushService } from '#test/support/push-service.ts';
import { DURESS_PIN, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A contact's phone gets each alert as a Web Push notification, beside the e-mail:
// checked against a push service that speaks the protocol, decrypting what it got.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;

type Accepted = {
  me: Session;
  email: string;
  pushToken: string;
  contactId: string;
};

describe('phone notifications of an alert (Web Push)', () => {
  let service: PushService;
  let t: TestApp;
  let publicKey: string;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({
      env: {
        PUSH_EXTRA_ORIGINS: service.origin,
        PUBLIC_URL: 'https://sos.example.org',
      },
    });
    const reply = await t.call('GET', 'push/public-key');
    publicKey = (reply.body.message as { public_key: string }).public_key;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  /** A person (Rosa) and one contact who accepted through the e-mail, with the accept page's token. */
  async function accepted(tag: string, firstname = 'Luis', language: 'es' | 'en' = 'es'): Promise<Accepted> {
    const me = await signUp(t, `${tag}@example.com`, 'Rosa');
    const email = `${tag}-${firstname.toLowerCase()}@example.com`;
    const body = {
      firstname,
      lastname: 'Díaz',
      email,
      phone: '+13055550111',
      kinship: 'Hermano',
      language,
    };
    const created = await t.call('POST', 'contacts', {
      token: me.access_token,
      body,
    });
    const verified = await t.call('GET', `verify-contact/${verifyTokenIn((await mailsTo(t, email))[0])}`);
    expect(verified.status).toBe(200);
    const pushToken = (verified.body as unknown as { push_token: string }).push_token;
    return {
      me,
      email,
      pushToken,
      contactId: (created.body.message as Contact).id,
    };
  }

  async function phoneOn(token: string): Promise<Phone> {
    const phone = await service.subscribe(publicKey);
    const reply = await t.post('push/subscriptions', {
      token,
      subscription: phone.subscription,
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, message: pushMessages.subscribed },
    });
    return phone;
  }

  const phonesOf = async (who: Accepted) =>
    (
      (
        await t.call('GET', `contacts/${who.contactId}`, {
          token: who.me.access_token,
        })
      ).body.message as Contact
    ).push_phones;

  it('keeps one VAPID key pair in DATA_DIR, readable by the owner only, and serves its public half', () => {
    const file = path.join(t.config.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(publicKey).toBe(t.config.push.vapid.publicKey);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // A restart reads the same pair: every phone's subscription stays valid.
    const again = parseConfig({
      SECRET: t.config.secret,
      DATA_DIR: t.config.dataDir,
    });
    expect(again.push.vapid).toEqual({
      ...t.config.push.vapid,
      subject: 'mailto:no-responder@localhost',
    });
  });

  it("sends an SOS to the contact's phone with 'Lo tengo' and the alert page, and the e-mail still goes", async () => {
    const luis = await accepted('sos');
    const phone = await phoneOn(luis.pushToken);
    expect(await phonesOf(luis)).toBe(1);

    expect((await press(t, luis.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    await t.drainOutbox();

    const mail = await lastMail(t, luis.email, STARTED);
    const ackUrl = `https://sos.example.org/web/active/ack/${ackTokenIn(mail)}`;
    const { alert } = await alertState(t, luis.me);
    expect(await service.received(phone)).toEqual([
      {
        web_push: 8030,
        notification: {
          title: 'ALERTA SOS: Rosa Prueba está en riesgo',
          body: 'Rosa Prueba presionó el botón SOS. Abre el aviso para ver cuándo y dónde, y llámale al +13055550123.',
          navigate: ackUrl,
          lang: 'es',
          dir: 'ltr',
          tag: `alert-${alert?.id}`,
          icon: 'https://sos.example.org/build/icons/icon-192.png',
          require_interaction: true,
          actions: [{ action: 'ack', title: 'Lo tengo', navigate: ackUrl }],
          data: { kind: 'alert-started', lang: 'es' },
        },
        mutable: true,
      },
    ]);
    // No position in the notification: the page shows it.
    expect(JSON.stringify(await service.received(phone))).not.toContain('19.4326');
    expect(alert?.deliveries).toEqual([
      expect.objectContaining({
        name: 'Luis Díaz',
        state: 'sent',
        push_sent_at: t.clock.now().toISOString(),
      }),
    ]);
  });

  it('says that a check-in was missed, not that the button was pressed, when the server started the alert', async () => {
    const luis = await accepted('aviso');
    const phone = await phoneOn(luis.pushToken);
    const dueAt = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    const body = { purpose: 'trabajo', due_at: dueAt, ...MEXICO };
    const started = await t.call('POST', 'check-ins', {
      token: luis.me.access_token,
      body,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(started.status).toBe(200);
    t.clock.advance(36 * 60_000);
    expect((await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick()).fired).toBe(
      1,
    );
    await t.drainOutbox();
    expect(await service.received(phone)).toEqual([
      expect.objectContaining({
        notification: expect.objectContaining({
          title: 'ALERTA: Rosa Prueba no confirmó que está bien',
          body: 'Rosa Prueba no confirmó que está bien a la hora que dijo. Abre el aviso para ver los detalles, y llámale al +13055550123.',
          data: { kind: 'alert-started', lang: 'es' },
        }),
      }),
    ]);
  });

  it('tells the phone, not that the alert ended, but that the person may have been forced to end it (the duress PIN)', async () => {
    const luis = await accepted('coaccion');
    await setPins(t, luis.me);
    const phone = await phoneOn(luis.pushToken);
    expect((await press(t, luis.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    await t.drainOutbox();
    const ackUrl = `https://sos.example.org/web/active/ack/${ackTokenIn(await lastMail(t, luis.email, STARTED))}`;

    expect((await press(t, luis.me, { alert_status: '2', pin: DURESS_PIN })).status).toBe(200);
    await t.drainOutbox();
    const [, forced, ...more] = (await service.received(phone)) as PushPayload[];
    expect(more).toEqual([]);
    expect(forced?.notification).toMatchObject({
      title: 'ALERTA: es posible que hayan obligado a Rosa Prueba a finalizar su alerta',
      body: es.duressBody('Rosa Prueba', '+13055550123'),
      navigate: ackUrl,
      require_interaction: true,
      actions: [{ action: 'ack', title: es.ackAction, navigate: ackUrl }],
      data: { kind: 'alert-duress', lang: 'es' },
    });
  });

  it("speaks the contact's language: an English contact's phone reads English and opens the English page", async () => {
    const john = await accepted('english', 'John', 'en');
    const phone = await phoneOn(john.pushToken);

    expect((await press(t, john.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    await t.drainOutbox();

    const mail = await lastMail(t, john.email, /^SOS ALERT: /);
    const ackUrl = `https://sos.example.org/web/active/ack/${ackTokenIn(mail)}?lang=en`;
    const [payload] = (await service.received(phone)) as PushPayload[];
    expect(payload?.notification).toMatchObject({
      title: en.startedTitle('Rosa Prueba'),
      body: en.startedBody('Rosa Prueba', '+13055550123'),
      navigate: ackUrl,
      lang: 'en',
      actions: [{ action: 'ack', title: en.ackAction, navigate: ackUrl }],
      data: { kind: 'alert-started', lang: 'en' },
    });
    expect(en.startedTitle('Rosa Prueba')).not.toBe(es.startedTitle('Rosa Prueba'));
  });

  it('also sends the first position and the end, on the path that handles every press', async () => {
    const declining = await createTestApp({
      env: { PUSH_EXTRA_ORIGINS: service.origin },
      alertStarter: () => () => Promise.resolve(undefined),
    });
    try {
      const me = await signUp(declining, 'lento@example.com', 'Rosa');
      const email = 'lento-luis@example.com';
      await declining.call('POST', 'contacts', {
        token: me.access_token,
        body: {
          firstname: 'Luis',
          lastname: 'Díaz',
          email,
          phone: '+13055550111',
          kinship: 'Hermano',
        },
      });
      const verified = await declining.call(
        'GET',
        `verify-contact/${verifyTokenIn((await mailsTo(declining, email))[0])}`,
      );
      const token = (verified.body as unknown as { push_token: string }).push_token;
      const key = (await declining.call('GET', 'push/public-key')).body.message as { public_key: string };
      const phone = await service.subscribe(key.public_key);
      expect(
        (
          await declining.post('push/subscriptions', {
            token,
            subscription: phone.subscription,
          })
        ).status,
      ).toBe(200);

      await press(declining, me, {
        alert_status: '1',
        latitude: '',
        longitude: '',
        timezone: 'America/Chicago',
      });
      // The start leaves first: an end before it would withdraw it and send nothing.
      await declining.drainOutbox();
      declining.clock.advance(30_000);
      await press(declining, me, {
        alert_status: '1',
        latitude: '41.8781',
        longitude: '-87.6298',
        timezone: 'America/Chicago',
      });
      await press(declining, me, { alert_status: '2' });
      await declining.drainOutbox();
      const received = (await service.received(phone)) as {
        notification: {
          title: string;
          data: { kind: string };
          actions?: unknown;
        };
      }[];
      // The position and the end are sent in one batch, so they may reach the push service in any order.
      const kinds = ['alert-started', 'alert-position', 'alert-ended'];
      const inOrder = [...received].sort(
        (a, b) => kinds.indexOf(a.notification.data.kind) - kinds.indexOf(b.notification.data.kind),
      );
      expect(
        inOrder.map((message) => [
          message.notification.data.kind,
          message.notification.title,
          message.notification.actions !== undefined,
        ]),
      ).toEqual([
        ['alert-started', 'ALERTA SOS: Rosa Prueba está en riesgo', true],
        ['alert-position', 'ALERTA SOS: ubicación de Rosa Prueba', true],
        ['alert-ended', 'Rosa Prueba finalizó su alerta SOS', false],
      ]);
    } finally {
      await declining.close();
    }
  });

  it("works from an alert's 'Lo tengo' page too, and keeps one subscription per phone", async () => {
    const luis = await accepted('doble');
    await press(t, luis.me, { alert_status: '1', ...MEXICO });
    const ackToken = ackTokenIn(await lastMail(t, luis.email, STARTED));
    const phone = await service.subscribe(publicKey);
    for (const token of [ackToken, luis.pushToken, ackToken]) {
      expect(
        (
          await t.post('push/subscriptions', {
            token,
            subscription: phone.subscription,
          })
        ).status,
      ).toBe(200);
    }
    expect(await phonesOf(luis)).toBe(1);
  });

  it('keeps the five newest phones of a contact: a sixth replaces the oldest', async () => {
    const luis = await accepted('limite');
    const phones: Phone[] = [];
    for (let i = 0; i < 6; i += 1) {
      phones.push(await phoneOn(luis.pushToken));
      t.clock.advance(1_000);
    }
    const kept = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.contactId, luis.contactId));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      phones
        .slice(1)
        .map((phone) => phone.subscription.endpoint)
        .sort(),
    );
    expect(await phonesOf(luis)).toBe(5);
  });

  it('stops when the contact turns notifications off; the e-mail still goes', async () => {
    const luis = await accepted('apaga');
    const phone = await phoneOn(luis.pushToken);
    const off = await t.call('DELETE', 'push/subscriptions', {
      body: { token: luis.pushToken, endpoint: phone.subscription.endpoint },
    });
    expect(off).toMatchObject({
      status: 200,
      body: { success: true, message: pushMessages.unsubscribed },
    });
    expect(await phonesOf(luis)).toBe(0);
    await press(t, luis.me, { alert_status: '1', ...MEXICO });
    await t.drainOutbox();
    expect(await service.received(phone)).toEqual([]);
    expect(await lastMail(t, luis.email, STARTED)).toBeDefined();
  });

  it('forgets a phone whose push service says it is gone (410), without trying again', async () => {
    const luis = await accepted('caducado');
    const phone = await phoneOn(luis.pushToken);
    await service.expire(phone);
    await press(t, luis.me, { alert_status: '1', ...MEXICO });
    await t.drainOutbox();
    expect(await phonesOf(luis)).toBe(0);
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'push:alert-started'));
    expect(
      rows.filter((row) => row.userId === luis.me.id).map((row) => [row.status, row.attempts, row.lastError]),
    ).toEqual([['failed', 1, 'push 410']]);
    expect((await alertState(t, luis.me)).alert?.deliveries).toEqual([
      expect.objectContaining({ state: 'sent', push_sent_at: null }),
    ]);
  });

  it('tries again, with backoff, while the push service is down, and delivers once it is back', async () => {
    const luis = await accepted('reintento');
    const phone = await phoneOn(luis.pushToken);
    service.refuseNext(2, 503);
    await press(t, luis.me, { alert_status: '1', ...MEXICO });
    await t.drainOutbox();
    const pushRow = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.kind, 'push:alert-started'))).find(
        (row) => row.userId === luis.me.id,
      );
    expect(await pushRow()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'push 503',
    });
    expect(await service.received(phone)).toEqual([]);
    for (const wait of [2_000, 4_000]) {
      t.clock.advance(wait);
      await t.drainOutbox();
    }
    expect(await pushRow()).toMatchObject({
      status: 'sent',
      attempts: 3,
      templateData: null,
    });
    expect(await service.received(phone)).toHaveLength(1);
  });

  it('records a notification the push service took as sent, even when noting it on the alert fails: the phone gets it once', async () => {
    const luis = await accepted('anotado');
    const phone = await phoneOn(luis.pushToken);
    // The database refuses to note the notification on the alert's delivery, once it has been handed over.
    await t.pool
      .query(`create function refuse_push_note() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
      create trigger refuse_push_note before update on alert_deliveries for each row
        when (new.push_sent_at is distinct from old.push_sent_at) execute function refuse_push_note()`);
    try {
      await press(t, luis.me, { alert_status: '1', ...MEXICO });
      await t.drainOutbox();
      t.clock.advance(10 * 60_000);
      await t.drainOutbox();
    } finally {
      await t.pool.query('drop trigger refuse_push_note on alert_deliveries; drop function refuse_push_note()');
    }
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'push:alert-started'));
    expect(
      rows
        .filter((row) => row.userId === luis.me.id)
        .map(({ status, attempts, lastError }) => ({ status, attempts, lastError })),
    ).toEqual([{ status: 'sent', attempts: 1, lastError: null }]);
    expect(await service.received(phone)).toHaveLength(1);
  });

  it("never lets a retried position replace 'finalizó' on the phone: a notification older than one already sent stays unsent", async () => {
    const luis = await accepted('orden');
    const phone = await phoneOn(luis.pushToken);
    const kindsOnPhone = async () =>
      ((await service.received(phone)) as PushPayload[]).map((message) => message.notification.data.kind);
    await press(t, luis.me, { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Chicago' });
    await t.drainOutbox();
    // The first position's notification meets a push service having a bad moment, and waits to be tried again.
    service.refuseNext(1, 503);
    t.clock.advance(30_000);
    await press(t, luis.me, {
      alert_status: '1',
      latitude: '41.8781',
      longitude: '-87.6298',
      timezone: 'America/Chicago',
    });
    await t.drainOutbox();
    await press(t, luis.me, { alert_status: '2' });
    await t.drainOutbox();
    expect(await kindsOnPhone()).toEqual(['alert-started', 'alert-ended']);
    t.clock.advance(10 * 60_000);
    await t.drainOutbox();
    expect(await kindsOnPhone()).toEqual(['alert-started', 'alert-ended']);
    const rows = (await t.db.select().from(outbox).where(eq(outbox.userId, luis.me.id))).filter((row) =>
      row.kind.startsWith('push:'),
    );
    expect(
      rows
        .map(({ kind, status, attempts, lastError }) => ({ kind, status, attempts, lastError }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'push:alert-ended', status: 'sent', attempts: 1, lastError: null },
      { kind: 'push:alert-position', status: 'failed', attempts: 2, lastError: SUPERSEDED },
      { kind: 'push:alert-started', status: 'sent', attempts: 1, lastError: null },
    ]);
  });

  it('refuses bad input with a Spanish 422, and tokens that open nothing with 404', async () => {
    const luis = await accepted('malo');
    const phone = await service.subscribe(publicKey);
    const cases: [unknown, number, Record<string, string[]> | undefined][] = [
      [
        { token: luis.pushToken },
        422,
        {
          'subscription.endpoint': [pushMessages.endpointInvalid],
          'subscription.keys.p256dh': [pushMessages.keysInvalid],
          'subscription.keys.auth': [pushMessages.keysInvalid],
        },
      ],
      [{ token: luis.pushToken, subscription: 'x' }, 422, { subscription: [pushMessages.endpointInvalid] }],
      [
        {
          token: luis.pushToken,
          subscription: { endpoint: phone.subscription.endpoint },
        },
        422,
        {
          'subscription.keys.p256dh': [pushMessages.keysInvalid],
          'subscription.keys.auth': [pushMessages.keysInvalid],
        },
      ],
      [
        {
          token: luis.pushToken,
          subscription: {
            ...phone.subscription,
            endpoint: 'javascript:alert(1)',
          },
        },
        422,
        { 'subscription.endpoint': [pushMessages.endpointInvalid] },
      ],
      [
        {
          token: luis.pushToken,
          subscription: {
            ...phone.subscription,
            keys: { p256dh: 'x', auth: phone.subscription.keys.auth },
          },
        },
        422,
        { 'subscription.keys.p256dh': [pushMessages.keysInvalid] },
      ],
      // A service we do not know is never called: no requests to addresses a stranger chose.
      [
        {
          token: luis.pushToken,
          subscription: {
            ...phone.subscription,
            endpoint: 'http://10.0.0.1/notify/x',
          },
        },
        422,
        { subscription: [pushMessages.serviceUnknown] },
      ],
      [
        {
          token: `${luis.contactId}${'A'.repeat(43)}`,
          subscription: phone.subscription,
        },
        404,
        undefined,
      ],
      [{ token: 'A'.repeat(43), subscription: phone.subscription }, 404, undefined],
    ];
    for (const [body, status, errors] of cases) {
      const reply = await t.post('push/subscriptions', body);
      expect({ status: reply.status, errors: reply.body.errors }).toEqual({
        status,
        errors,
      });
      if (status === 404) expect(reply.body.message).toBe(apiMessages.linkInvalid);
    }
    expect(await phonesOf(luis)).toBe(0);
  });

  it("deletes a contact's phones with the contact", async () => {
    const luis = await accepted('borrado');
    await phoneOn(luis.pushToken);
    expect(
      (
        await t.call('DELETE', `contacts/${luis.contactId}`, {
          token: luis.me.access_token,
        })
      ).status,
    ).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.contactId, luis.contactId))).toEqual(
      [],
    );
    expect(
      (
        await t.post('push/subscriptions', {
          token: luis.pushToken,
          subscription: (await service.subscribe(publicKey)).subscription,
        })
      ).status,
    ).toBe(404);
  });
});
