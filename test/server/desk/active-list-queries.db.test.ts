import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAlertCards } from '#server/desk/cases.ts';
import * as schema from '#server/db/schema.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { shareWithFirm } from '#test/support/desk-people.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Alertas activas' reads its cards in a fixed number of queries, however many
// alerts are on: never one more query per card.

const LAST_NAMES = ['Díaz', 'Ruiz', 'Soto', 'Vega', 'Mora', 'Rojas', 'Cruz', 'Luna', 'Paz', 'Ríos', 'Gil', 'León'];

describe("the desk's active list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The cards, read through a connection that counts every statement sent. */
  async function countedRead() {
    let statements = 0;
    const counted = drizzle(t.pool, { schema, logger: { logQuery: () => (statements += 1) } });
    const cards = await activeAlertCards(counted, {
      now: t.clock.now(),
      retentionDays: t.config.positionRetentionDays,
    });
    return { cards, statements };
  }

  /** The n-th consenting person on alert, whose one contact bears the n-th last name. */
  async function consentingPress(n: number): Promise<void> {
    const { me } = await personWithConfirmedContacts(t, `lista${n}`, [['Luis', LAST_NAMES[n]!]]);
    await shareWithFirm(t, me);
    t.clock.advance(1_000);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
  }

  it('reads one card and twelve cards, each with its own contacts, in the same two queries', async () => {
    await consentingPress(0);
    const one = await countedRead();
    expect(one.cards.map((card) => card.contacts.map((contact) => contact.name))).toEqual([['Luis Díaz']]);

    for (let n = 1; n < 12; n += 1) await consentingPress(n);
    const twelve = await countedRead();
    // Newest press first, each card with its own person's contact.
    expect(twelve.cards.map((card) => card.contacts.map((contact) => contact.name))).toEqual(
      Array.from({ length: 12 }, (_, n) => [`Luis ${LAST_NAMES[11 - n]}`]),
    );
    expect({ one: one.statements, twelve: twelve.statements }).toEqual({ one: 2, twelve: 2 });
  }, 60_000);
});
