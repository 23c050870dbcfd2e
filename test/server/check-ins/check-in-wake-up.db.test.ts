import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckIn } from '#shared/api/check-ins.ts';
import { createCheckInWorker, type CheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { realTime } from '#test/support/fake-clock.ts';
import { MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The running worker wakes at the earliest deadline (plus grace) it knows of,
// not at its next poll: here a poll a minute apart, no grace, a deadline in 1.5 s.

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the check-in worker on real time', () => {
  let t: TestApp;
  let worker: CheckInWorker;
  beforeAll(async () => {
    t = await createTestApp({ clock: realTime, env: { CHECK_IN_GRACE_MINUTES: '0', CHECK_IN_POLL_SECONDS: '60' } });
    worker = createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('fires a check-in it saw running at its deadline, long before its next poll', async () => {
    const { me } = await personWithConfirmedContacts(t, 'despierta', [['Luis', 'Díaz']]);
    const dueAt = Date.now() + 1_500;
    const body = { purpose: 'trabajo', place: '', due_at: new Date(dueAt).toISOString(), ...MEXICO };
    const started = await t.call('POST', 'check-ins', {
      token: me.access_token,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(started.status).toBe(200);
    // Its first tick (at start) finds nothing due yet; the next poll would be a minute later.
    worker.start();

    const current = () =>
      t.call('GET', 'check-ins/current', { token: me.access_token }).then((reply) => reply.body.message as CheckIn);
    const fired = await until(current, (checkIn) => checkIn.status === 'fired', 10_000);
    const firedAt = Date.now();
    expect(fired).toMatchObject({ status: 'fired', fired_alert_id: expect.any(String) });
    expect(firedAt).toBeGreaterThanOrEqual(dueAt);
    expect(firedAt - dueAt).toBeLessThan(5_000);
  });
});
