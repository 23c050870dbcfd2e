import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pushMessages } from '#shared/api/push.ts';
import { apiMessages } from '#shared/messages.ts';
import { createEscalationWorker, type EscalationWorker } from '#server/desk/escalation.ts';
import { PRIORITY } from '#server/messages/priority.ts';
import { removeStaff } from '#server/staff/staff-members.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { newestAlertId, shareWithFirm } from '#test/support/desk-people.ts';
import { startPushService, type Phone, type PushService } from '#test/support/push-service.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Recibir avisos en este teléfono': a staff member's phone subscribes behind
// the desk session, checked as a contact's is, and an alert nobody attends
// reaches it as a Web Push with 'Atender', beside the e-mail, once, through a
// push service that speaks the protocol and decrypts what it got.

const MINUTE = 60_000;
const PUBLIC_URL = 'https://sos.example.org';

describe("the desk's phone notifications", () => {
  let service: PushService;
  let t: TestApp;
  let publicKey: string;
  let worker: EscalationWorker;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({
      env: { PUSH_EXTRA_ORIGINS: service.origin, PUBLIC_URL, DESK_ESCALATE_MINUTES: '2' },
    });
    publicKey = t.config.push.vapid.publicKey;
    worker = createEscalationWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
  });
  afterAll(async () => {
    await second?.close({ keepDatabase: true });
    await t.close();
    await service.close();
  });

  let second: TestApp | undefined;
  async function secondInstance(): Promise<TestApp> {
    second ??= await createTestApp({
      database: t.database,
      clock: t.clock,
      env: { PUSH_EXTRA_ORIGINS: service.origin, PUBLIC_URL, DESK_ESCALATE_MINUTES: '2' },
    });
    return second;
  }

  async function phoneOf(member: StaffBearer): Promise<Phone> {
    const phone = await service.subscribe(publicKey);
    const reply = await t.call('POST', 'desk/push/subscriptions', {
      token: member.token,
      body: { subscription: phone.subscription },
    });
    expect([reply.status, reply.body]).toEqual([200, { success: true, message: pushMessages.subscribed }]);
    return phone;
  }

  async function subscriptionsOf(member: StaffBearer): Promise<number> {
    const { rows } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from staff_push_subscriptions where staff_id = $1',
      [member.staffId],
    );
    return rows[0]!.n;
  }

  async function pressingPerson(tag: string): Promise<{ me: Session; alertId: string }> {
    const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
    await shareWithFirm(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    return { me, alertId: await newestAlertId(t, me) };
  }

  async function endAlert(me: Session): Promise<void> {
    expect((await press(t, me, { alert_status: '2' })).status).toBe(200);
  }

  it('refuses a call without a session (401) and a person’s session (403), both ways', async () => {
    const phone = await service.subscribe(publicKey);
    const { me } = await personWithConfirmedContacts(t, 'push-persona', [['Luis', 'Díaz']]);
    const replies = [];
    for (const method of ['POST', 'DELETE'] as const) {
      const body = method === 'POST' ? { subscription: phone.subscription } : { endpoint: phone.subscription.endpoint };
      for (const token of [undefined, me.access_token]) {
        const reply = await t.call(method, 'desk/push/subscriptions', { token, body });
        replies.push([method, reply.status, reply.body.message]);
      }
    }
    expect(replies).toEqual([
      ['POST', 401, apiMessages.unauthorized],
      ['POST', 403, apiMessages.forbidden],
      ['DELETE', 401, apiMessages.unauthorized],
      ['DELETE', 403, apiMessages.forbidden],
    ]);
    const { rows } = await t.pool.query('select count(*)::int as n from staff_push_subscriptions');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses keys that cannot encrypt and a push service it does not know, in Spanish, storing nothing', async () => {
    const member = await staffBearer(t, { role: 'responder' });
    const { subscription } = await service.subscribe(publicKey);
    // 65 bytes that start as a point should, but lie on no curve; an auth secret of 8 bytes.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const attempts = [
      { ...subscription, keys: { ...subscription.keys, p256dh: offCurve } },
      { ...subscription, keys: { ...subscription.keys, auth: Buffer.alloc(8, 1).toString('base64url') } },
      { ...subscription, endpoint: 'https://push.example.net/send/abc' },
    ];
    const replies = [];
    for (const attempt of attempts) {
      const reply = await t.call('POST', 'desk/push/subscriptions', {
        token: member.token,
        body: { subscription: attempt },
      });
      replies.push([reply.status, reply.body]);
    }
    expect(replies).toEqual([
      [
        422,
        {
          success: false,
          message: apiMessages.invalidData,
          errors: { 'subscription.keys': [pushMessages.keysInvalid] },
        },
      ],
      [
        422,
        {
          success: false,
          message: apiMessages.invalidData,
          errors: { 'subscription.keys.auth': [pushMessages.keysInvalid] },
        },
      ],
      [
        422,
        {
          success: false,
          message: pushMessages.serviceUnknown,
          errors: { subscription: [pushMessages.serviceUnknown] },
        },
      ],
    ]);
    expect(await subscriptionsOf(member)).toBe(0);
  });

  it("sends an unattended alert to the on-call staff member's phone with 'Atender', and names no client", async () => {
    const onCall = await staffBearer(t, { role: 'responder' });
    const offCall = await staffBearer(t, { role: 'responder' });
    await t.pool.query('update staff set on_call = true where id = $1', [onCall.staffId]);
    const onCallPhone = await phoneOf(onCall);
    const offCallPhone = await phoneOf(offCall);
    const { me, alertId } = await pressingPerson('push-escala');
    const caseUrl = `${PUBLIC_URL}/web/desk/${alertId}`;

    t.clock.advance(2 * MINUTE);
    expect(await worker.runDue()).toBe(1);
    const { rows } = await t.pool.query(
      `select kind, priority, turn, user_id as "userId", alert_id as "alertId" from outbox
        where kind like '%desk-escalation' and alert_id = $1 order by kind`,
      [alertId],
    );
    // The lane and turn of the escalation e-mail: after everyone's first SOS e-mails to contacts.
    expect(rows).toEqual([
      { kind: 'desk-escalation', priority: PRIORITY.alert, turn: 1, userId: null, alertId },
      { kind: 'push:desk-escalation', priority: PRIORITY.alert, turn: 1, userId: null, alertId },
    ]);
    await t.drainOutbox();
    const received = await service.received(onCallPhone);
    expect(received).toEqual([
      {
        web_push: 8030,
        notification: {
          title: 'Alerta sin atender desde hace 2 minutos',
          body: 'Un cliente de IAD presionó SOS hace 2 minutos y nadie de la mesa la está atendiendo.',
          navigate: caseUrl,
          lang: 'es',
          dir: 'ltr',
          tag: `desk-${alertId}`,
          icon: `${PUBLIC_URL}/build/icons/icon-192.png`,
          require_interaction: true,
          actions: [{ action: 'attend', title: 'Atender', navigate: caseUrl }],
          data: { kind: 'desk-escalation', lang: 'es' },
        },
        mutable: true,
      },
    ]);
    const text = JSON.stringify(received);
    for (const secret of ['Rosa', me.phone, MEXICO.latitude, MEXICO.longitude]) expect(text).not.toContain(secret);
    expect(await service.received(offCallPhone)).toEqual([]);
    await t.pool.query('update staff set on_call = false where id = $1', [onCall.staffId]);
    await endAlert(me);
  });

  it('sends each round to a phone once when two instances look at the same moment', async () => {
    const onCall = await staffBearer(t, { role: 'responder' });
    await t.pool.query('update staff set on_call = true where id = $1', [onCall.staffId]);
    const phone = await phoneOf(onCall);
    const { me, alertId } = await pressingPerson('push-doble');
    t.clock.advance(2 * MINUTE);
    const other = createEscalationWorker({
      db: (await secondInstance()).db,
      clock: t.clock,
      config: t.config,
      log: t.log,
    });
    await Promise.all([worker.runDue(), other.runDue(), worker.runDue(), other.runDue()]);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from outbox where kind = 'push:desk-escalation' and alert_id = $1`,
      [alertId],
    );
    expect(rows).toEqual([{ n: 1 }]);
    await t.drainOutbox();
    const received = (await service.received(phone)) as { notification: { navigate: string } }[];
    expect(received.map((message) => message.notification.navigate)).toEqual([`${PUBLIC_URL}/web/desk/${alertId}`]);
    await t.pool.query('update staff set on_call = false where id = $1', [onCall.staffId]);
    await endAlert(me);
  });

  it("keeps one row per phone with its newest keys, and a staff member's five newest phones", async () => {
    const member = await staffBearer(t, { role: 'responder', email: 'cinco@firma.example' });
    const other = await staffBearer(t, { role: 'responder', email: 'otra@firma.example' });
    const othersPhone = await phoneOf(other);
    const phones: Phone[] = [];
    for (let i = 0; i < 6; i += 1) {
      phones.push(await phoneOf(member));
      t.clock.advance(1_000);
    }
    // The newest phone's browser subscribes again with new keys: its row takes them, no row is added.
    const renewed = { ...phones[5]!.subscription, keys: (await service.subscribe(publicKey)).subscription.keys };
    const again = await t.call('POST', 'desk/push/subscriptions', {
      token: member.token,
      body: { subscription: renewed },
    });
    expect(again.status).toBe(200);
    const { rows } = await t.pool.query<{ staff_id: string; endpoint: string; p256dh: string; auth: string }>(
      'select staff_id, endpoint, p256dh, auth from staff_push_subscriptions where staff_id = any($1)',
      [[member.staffId, other.staffId]],
    );
    const row = (staffId: string, { endpoint, keys }: Phone['subscription']) => ({
      staff_id: staffId,
      endpoint,
      ...keys,
    });
    const byEndpoint = (a: { endpoint: string }, b: { endpoint: string }) => (a.endpoint < b.endpoint ? -1 : 1);
    expect(rows.sort(byEndpoint)).toEqual(
      [
        row(other.staffId, othersPhone.subscription),
        ...phones.slice(1, 5).map((phone) => row(member.staffId, phone.subscription)),
        row(member.staffId, renewed),
      ].sort(byEndpoint),
    );
  });

  it('tells the desk whether it still sends to this browser: after a 410, a removal from another tab, for no one else', async () => {
    const member = await staffBearer(t, { role: 'responder' });
    const other = await staffBearer(t, { role: 'responder' });
    const phone = await phoneOf(member);
    const endpoint = phone.subscription.endpoint;
    const ask = async (who: StaffBearer | undefined, query = `endpoint=${encodeURIComponent(endpoint)}`) => {
      const reply = await t.call('GET', `desk/push/subscriptions?${query}`, { token: who?.token });
      return [reply.status, reply.body];
    };
    const answer = (subscribed: boolean) => [200, { success: true, message: { subscribed } }];
    expect(await ask(member)).toEqual(answer(true));
    // Another staff member's browser with the same endpoint is not theirs to send to.
    expect(await ask(other)).toEqual(answer(false));

    // The push service says the phone is gone (410): the outbox removes it, and the desk hears so.
    await service.expire(phone);
    await t.pool.query('update staff set on_call = true where id = $1', [member.staffId]);
    const { me } = await pressingPerson('push-410');
    t.clock.advance(2 * MINUTE);
    expect(await worker.runDue()).toBe(1);
    await t.drainOutbox();
    expect(await subscriptionsOf(member)).toBe(0);
    expect(await ask(member)).toEqual(answer(false));
    await t.pool.query('update staff set on_call = false where id = $1', [member.staffId]);
    await endAlert(me);

    // Turned on again, then off from another tab.
    const again = await phoneOf(member);
    const query = `endpoint=${encodeURIComponent(again.subscription.endpoint)}`;
    expect(await ask(member, query)).toEqual(answer(true));
    await t.call('DELETE', 'desk/push/subscriptions', {
      token: member.token,
      body: { endpoint: again.subscription.endpoint },
    });
    expect(await ask(member, query)).toEqual(answer(false));

    const { me: person } = await personWithConfirmedContacts(t, 'push-pregunta', [['Luis', 'Díaz']]);
    expect(await ask(undefined)).toEqual([401, { success: false, message: apiMessages.unauthorized }]);
    const asPerson = await t.call('GET', `desk/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
      token: person.access_token,
    });
    expect([asPerson.status, asPerson.body.message]).toEqual([403, apiMessages.forbidden]);
    expect(await ask(member, 'endpoint=ftp%3A%2F%2Fnada')).toEqual([
      422,
      { success: false, message: apiMessages.invalidData, errors: { endpoint: [pushMessages.endpointInvalid] } },
    ]);
  });

  it("turns a phone off, and removing a staff member removes their phones' subscriptions", async () => {
    const member = await staffBearer(t, { role: 'responder', email: 'se-va@firma.example' });
    const first = await phoneOf(member);
    await phoneOf(member);
    expect(await subscriptionsOf(member)).toBe(2);
    const off = await t.call('DELETE', 'desk/push/subscriptions', {
      token: member.token,
      body: { endpoint: first.subscription.endpoint },
    });
    expect([off.status, off.body.message, await subscriptionsOf(member)]).toEqual([200, pushMessages.unsubscribed, 1]);
    expect(await removeStaff(t.db, member.email, t.clock.now())).toBe('removed');
    expect(await subscriptionsOf(member)).toBe(0);
  });
});
