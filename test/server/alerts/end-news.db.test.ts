import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
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
