import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCheckInWorker, type CheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { checkIns } from '#server/db/schema.ts';
import type { CheckIn } from '#shared/api/check-ins.ts';
import { committedTransactions } from '#test/support/committed-transactions.ts';
import { realTime } from '#test/support/fake-clock.ts';
import { MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A check-in extended with the duress PIN is shown running until the deadline the person chose,
// and its reminder goes only while that deadline is ahead. Past it, unreminded (the worker was down
// in the minutes before, or reminders are set to 0 minutes), the worker once planned a reminder
// that would never go: 'due 100 ms from now', again and again, on every instance, until the grace
// ran out. It waits its poll instead, the shown deadline's grace being the next thing to do.

let t: TestApp;
let worker: CheckInWorker;
beforeAll(async () => {
  t = await createTestApp({ clock: realTime, env: { CHECK_IN_POLL_SECONDS: '60' } });
  worker = createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

it('waits its poll beside a shown deadline that passed unreminded, instead of planning that reminder every 100 ms', async () => {
  const { me } = await personWithConfirmedContacts(t, 'vencido', [['Luis', 'Díaz']]);
  const started = await t.call('POST', 'check-ins', {
    token: me.access_token,
    body: { purpose: 'trabajo', place: '', due_at: new Date(Date.now() + 3_600_000).toISOString(), ...MEXICO },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(started.status).toBe(200);
  // As a duress extension leaves it: fired at once, shown running until a deadline that passed a
  // second ago, within its grace, never reminded.
  const now = Date.now();
  await t.db
    .update(checkIns)
    .set({ status: 'fired', duressAt: new Date(now - 60_000), duressDueAt: new Date(now - 1_000), remindedAt: null })
    .where(eq(checkIns.id, (started.body.message as CheckIn).id));

  const before = await committedTransactions(t.pool);
  worker.start();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const after = await committedTransactions(t.pool);
  // One tick at start (a few transactions, and this test's two reads); planning every 100 ms made
  // about thirty ticks of four statements each.
  expect(after - before).toBeLessThanOrEqual(15);
});
