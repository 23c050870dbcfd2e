import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { contacts, pushSubscriptions } from '#server/db/schema.ts';
import { contactPushToken } from '#server/push/contact-token.ts';
import { alertState, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { startPushService, type PushService } from '#test/support/push-service.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// What the end's reply tells the person of how far the alert had gone (docs/decisions/049), case
// by case: its start left for nobody, for some, for everyone, or it was for nobody. A duress end
// withdraws nothing and must answer what a real end answers in the same outbox: the two columns
// of each row are played on two people with the same outbox, and their replies compared.

/** How far each contact's start had gone when the end came. */
type Outbox = 'untouched' | 'sent' | 'tried';
type Row = { name: string; contacts: Outbox[]; told: 'none' | 'some' | 'all' | undefined };

const ROWS: Row[] = [
  { name: 'nothing had left', contacts: ['untouched', 'untouched'], told: 'none' },
  { name: 'the start had left for one contact', contacts: ['sent', 'untouched'], told: 'some' },
  { name: "one contact's start had been tried", contacts: ['tried', 'untouched'], told: 'some' },
  { name: 'the start had left for everyone', contacts: ['sent', 'sent'], told: 'all' },
  { name: 'nobody to tell', contacts: [], told: undefined },
];

type Played = {
  reply: { status: number; body: Record<string, unknown> };
  /** Each contact's alert rows, kind and status, in contact order. */
  outbox: { kind: string; status: string }[][];
};

describe('the end tells the person whether the alert had left', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A person with PINs and `contacts`, an alert pressed, its outbox brought to `contacts`, then ended with `pin`. */
  async function play(tag: string, contacts: Outbox[], pin: string): Promise<Played> {
    const names = contacts.map((_, i): [string, string] => [['Luis', 'Ana'][i]!, 'Díaz']);
    const { me, emails } =
      names.length > 0
        ? await personWithConfirmedContacts(t, tag, names)
        : { me: await signUp(t, `${tag}@example.com`, 'Rosa'), emails: [] as string[] };
    await setPins(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    await bring(emails, contacts);
    const reply = await end(me, pin);
    return {
      reply: { status: reply.status, body: reply.body.message as Record<string, unknown> },
      outbox: await rowsOf(emails),
    };
  }

  async function bring(emails: string[], contacts: Outbox[]) {
    if (contacts.includes('sent')) {
      // Held back meanwhile: the worker sends every pending row, and these must stay untouched.
      const held = emails.filter((_, i) => contacts[i] !== 'sent');
      await t.pool.query(`update outbox set next_attempt_at = now() + interval '1 day' where recipient = any($1)`, [
        held,
      ]);
      await t.drainOutbox();
      await t.pool.query(`update outbox set next_attempt_at = now() where recipient = any($1) and attempts = 0`, [
        held,
      ]);
    }
    const tried = emails.filter((_, i) => contacts[i] === 'tried');
    // Tried once and failed: it may have reached the mail server, so it is no longer withdrawn.
    await t.pool.query(`update outbox set attempts = 1, last_error = 'timeout' where recipient = any($1)`, [tried]);
  }

  function end(me: Session, pin: string, key: string = randomUUID()) {
    return press(t, me, { alert_status: '2', ...MEXICO, pin }, key);
  }

  async function rowsOf(emails: string[]) {
    const outbox: { kind: string; status: string }[][] = [];
    for (const email of emails) {
      const { rows } = await t.pool.query<{ kind: string; status: string }>(
        `select kind, status from outbox where recipient = $1 and alert_id is not null order by id`,
        [email],
      );
      outbox.push(rows);
    }
    return outbox;
  }

  for (const [index, row] of ROWS.entries()) {
    it(`${row.name}: ${row.told ?? 'no word'}, the same with the duress PIN`, async () => {
      const real = await play(`news${index}r`, row.contacts, PIN);
      const duress = await play(`news${index}d`, row.contacts, DURESS_PIN);
      const expected = {
        alert_status: false,
        alert_id: expect.any(String),
        ...(row.told ? { contacts_told: row.told } : {}),
      };
      expect(real.reply).toEqual({ status: 200, body: expected });
      // The phone cannot tell the PINs apart: the same reply, in the same outbox.
      expect({ ...duress.reply.body, alert_id: 'x' }).toEqual({ ...real.reply.body, alert_id: 'x' });
      expect(duress.reply.status).toBe(200);
      // The real end withdrew exactly the untouched starts; the contacts told are told of its end.
      expect(real.outbox).toEqual(
        row.contacts.map((outbox) =>
          outbox === 'untouched'
            ? [{ kind: 'alert-started', status: 'cancelled' }]
            : [
                { kind: 'alert-started', status: outbox === 'sent' ? 'sent' : 'pending' },
                { kind: 'alert-ended', status: 'pending' },
              ],
        ),
      );
      // The duress end withdrew nothing: every start still goes, and each contact reads it may have been forced.
      expect(duress.outbox).toEqual(
        row.contacts.map((outbox) => [
          { kind: 'alert-started', status: outbox === 'sent' ? 'sent' : 'pending' },
          { kind: 'alert-duress', status: 'pending' },
        ]),
      );
    });
  }

  it('answers a queued end sent again with the same key as it first did', async () => {
    const { me } = await personWithConfirmedContacts(t, 'newsagain', [['Ana', 'Ruiz']]);
    await setPins(t, me);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const key = randomUUID();
    const first = await end(me, PIN, key);
    expect(first.body.message).toEqual({ alert_status: false, alert_id: expect.any(String), contacts_told: 'none' });
    expect((await end(me, PIN, key)).body).toEqual(first.body);
  });

  it('says nothing of contacts when no alert was on', async () => {
    const { me } = await personWithConfirmedContacts(t, 'newsnone', [['Ana', 'Ruiz']]);
    await setPins(t, me);
    expect((await end(me, PIN)).body.message).toEqual({ alert_status: false, alert_id: null });
    expect((await end(me, DURESS_PIN)).body.message).toEqual({ alert_status: false, alert_id: null });
  });
});

/** How far each of a contact's two channels had gone when the end came: their e-mail, their phone. */
type Channels = { email: 'untouched' | 'tried'; phone: 'untouched' | 'tried' };
type ContactRow = { name: string; contacts: Channels[]; told: 'none' | 'some' | 'all' };

// A contact with an e-mail and a phone is one contact: told when either channel had the start.
const CONTACT_ROWS: ContactRow[] = [
  {
    name: "the one contact's phone had the start, their e-mail had not",
    contacts: [{ email: 'untouched', phone: 'tried' }],
    told: 'all',
  },
  {
    name: "each contact's phone had the start, no e-mail had",
    contacts: [
      { email: 'untouched', phone: 'tried' },
      { email: 'untouched', phone: 'tried' },
    ],
    told: 'all',
  },
  {
    name: "one contact's phone had the start, the other contact had nothing",
    contacts: [
      { email: 'untouched', phone: 'tried' },
      { email: 'untouched', phone: 'untouched' },
    ],
    told: 'some',
  },
  {
    name: "the contact's e-mail and phone had nothing",
    contacts: [{ email: 'untouched', phone: 'untouched' }],
    told: 'none',
  },
];

describe('the end counts contacts, not their channels', () => {
  let t: TestApp;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ env: { PUSH_EXTRA_ORIGINS: service.origin } });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  /** The contact's phone subscribes through the route the accept page calls; the subscription's id. */
  async function phoneOf(email: string): Promise<string> {
    const key = (await t.call('GET', 'push/public-key')).body.message as { public_key: string };
    const phone = await service.subscribe(key.public_key);
    const [contact] = await t.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email));
    const token = contactPushToken(t.config.secret, contact!.id);
    expect((await t.post('push/subscriptions', { token, subscription: phone.subscription })).status).toBe(200);
    const [subscription] = await t.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.contactId, contact!.id));
    return subscription!.id;
  }

  async function play(tag: string, channels: Channels[], pin: string) {
    const names = channels.map((_, i): [string, string] => [['Luis', 'Ana'][i]!, 'Díaz']);
    const { me, emails } = await personWithConfirmedContacts(t, tag, names);
    const phones = await Promise.all(emails.map(phoneOf));
    await setPins(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    // Tried once and failed: it may have reached the contact, so a real end does not withdraw it.
    const tried = channels.flatMap((channel, i) => [
      ...(channel.email === 'tried' ? [emails[i]!] : []),
      ...(channel.phone === 'tried' ? [phones[i]!] : []),
    ]);
    await t.pool.query(`update outbox set attempts = 1, last_error = 'timeout' where recipient = any($1)`, [tried]);
    const reply = await press(t, me, { alert_status: '2', ...MEXICO, pin });
    return { status: reply.status, body: reply.body.message as Record<string, unknown> };
  }

  for (const [index, row] of CONTACT_ROWS.entries()) {
    it(`${row.name}: ${row.told}, the same with the duress PIN`, async () => {
      const real = await play(`count${index}r`, row.contacts, PIN);
      const duress = await play(`count${index}d`, row.contacts, DURESS_PIN);
      expect(real).toEqual({
        status: 200,
        body: { alert_status: false, alert_id: expect.any(String), contacts_told: row.told },
      });
      expect({ ...duress, body: { ...duress.body, alert_id: 'x' } }).toEqual({
        ...real,
        body: { ...real.body, alert_id: 'x' },
      });
    });
  }
});

describe("the person's status carries what the end told them until the app has shown it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A person with PINs and one contact, an alert pressed whose start had not left. */
  async function pressed(tag: string): Promise<Session> {
    const { me } = await personWithConfirmedContacts(t, tag, [['Ana', 'Ruiz']]);
    await setPins(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    return me;
  }

  const end = (me: Session, pin: string, key: string = randomUUID()) =>
    press(t, me, { alert_status: '2', ...MEXICO, pin }, key);
  const seen = (me: Session, body: unknown) => t.call('POST', 'end-news/seen', { token: me.access_token, body });

  /** What the person's app reads, through every step of an end read later, with `pin`. */
  async function readLater(tag: string, pin: string) {
    const me = await pressed(tag);
    const key = randomUUID();
    const ended = (await end(me, pin, key)).body.message as { alert_id: string };
    const unread = await alertState(t, me);
    const marked = await seen(me, { alert_id: ended.alert_id });
    const afterSeen = await alertState(t, me);
    // The page asks the server again with the end's key, as after a queued end: the news stays read.
    const replayed = await end(me, pin, key);
    return {
      ended: { ...ended, alert_id: '<alert>' },
      unread: { ...unread, end_news: unread.end_news && { ...unread.end_news, alert_id: '<alert>' } },
      sameAlert: unread.end_news?.alert_id === ended.alert_id,
      marked: { status: marked.status, body: marked.body },
      afterSeen,
      replayed: { status: replayed.status, told: (replayed.body.message as { contacts_told?: string }).contacts_told },
      afterReplay: await alertState(t, me),
    };
  }

  it('carries the news of an end until it is seen, then never again, the same with the duress PIN', async () => {
    const real = await readLater('laterr', PIN);
    expect(real).toEqual({
      ended: { alert_status: false, alert_id: '<alert>', contacts_told: 'none' },
      unread: { alert_status: false, alert: null, end_news: { alert_id: '<alert>', contacts_told: 'none' } },
      sameAlert: true,
      marked: { status: 200, body: { success: true, message: null } },
      afterSeen: { alert_status: false, alert: null, end_news: null },
      replayed: { status: 200, told: 'none' },
      afterReplay: { alert_status: false, alert: null, end_news: null },
    });
    expect(await readLater('laterd', DURESS_PIN)).toEqual(real);
  });

  it('drops the news of an alert once another one starts, and carries nothing while an alert is on', async () => {
    const me = await pressed('newer');
    await end(me, PIN);
    expect((await alertState(t, me)).end_news).toMatchObject({ contacts_told: 'none' });
    t.clock.advance(60_000);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect(await alertState(t, me)).toMatchObject({ alert_status: true, end_news: null });
    // The newer alert's own end is what the status then carries.
    const { alert_id: newer } = (await end(me, PIN)).body.message as { alert_id: string };
    expect((await alertState(t, me)).end_news).toEqual({ alert_id: newer, contacts_told: 'none' });
  });

  it('carries nothing after an end that had nobody to tell', async () => {
    const me = await signUp(t, 'nobodynews@example.com', 'Rosa');
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect((await press(t, me, { alert_status: '2', ...MEXICO })).body.message).toEqual({
      alert_status: false,
      alert_id: expect.any(String),
    });
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null, end_news: null });
  });

  it("marks only the person's own alert as seen, and refuses an id that is none", async () => {
    // The other first: signing a person up sends what the outbox holds, an earlier start included.
    const other = await pressed('othernews');
    const me = await pressed('ownnews');
    const { alert_id: mine } = (await end(me, PIN)).body.message as { alert_id: string };
    await end(other, PIN);
    expect((await seen(other, { alert_id: mine })).status).toBe(200);
    expect((await alertState(t, me)).end_news).toEqual({ alert_id: mine, contacts_told: 'none' });
    expect((await alertState(t, other)).end_news).toMatchObject({ contacts_told: 'all' });
    for (const body of [{ alert_id: 'abc' }, {}, { alert_id: 7 }]) {
      const refused = await seen(me, body);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 422,
        body: {
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: { alert_id: ['La alerta no es válida'] },
        },
      });
    }
    expect((await t.call('POST', 'end-news/seen', { body: { alert_id: mine } })).status).toBe(401);
  });
});
