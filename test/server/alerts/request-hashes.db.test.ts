import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { activeButtonSchema } from '#shared/api/active-button.ts';
import type { Session } from '#shared/api/auth.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// An SOS request's body holds the position. Its idempotency key keeps a hash of
// the body (to refuse the same key with another body): keyed with SECRET, so a
// stolen table cannot be searched for the position, and erased with the position.

const DAY = 24 * 60 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe('the hashes kept with SOS requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Shorter than the 30 days the keys themselves are kept, as an operator may choose.
    t = await createTestApp({ env: { POSITION_RETENTION_DAYS: '7' } });
  });
  afterAll(() => t.close());

  const press = (me: Session, key: string, body: object) =>
    t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { timezone: 'America/Chicago', ...body },
      headers: { 'idempotency-key': key },
    });
  const hashesOf = async (me: Session) =>
    (
      await t.db
        .select({ key: idempotencyKeys.idempotencyKey, hash: idempotencyKeys.bodyHash })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.kind, 'alert')))
    ).sort((a, b) => (a.key < b.key ? -1 : 1));

  it('cannot be matched to a position without the secret', async () => {
    const me = await signUp(t, 'hash-eva@example.com');
    const body = { alert_status: '1', latitude: '19.4326', longitude: '-99.1332' };
    expect((await press(me, 'clave-eva-0001', body)).status).toBe(200);
    const [stored] = await hashesOf(me);
    // What someone holding the table would try: hashing candidate bodies as the server reads them.
    const candidate = v.parse(activeButtonSchema, { timezone: 'America/Chicago', ...body });
    expect(stored?.hash).not.toBe(sha256(JSON.stringify(candidate)));
    expect(stored?.hash).not.toBe('');
    // The same key with another body is still refused.
    expect((await press(me, 'clave-eva-0001', { ...body, latitude: '19.5' })).status).toBe(422);
  });

  it('goes with an ended alert’s position, and a late replay of the press still gets its first answer', async () => {
    const me = await signUp(t, 'hash-luz@example.com');
    const start = { alert_status: '1', latitude: '41.8781', longitude: '-87.6298' };
    const first = await press(me, 'clave-luz-0001', start);
    expect(
      (await press(me, 'clave-luz-0002', { alert_status: '1', latitude: '41.88', longitude: '-87.63' })).status,
    ).toBe(200);
    t.clock.advance(DAY);
    expect((await press(me, 'clave-luz-0003', { alert_status: '2' })).status).toBe(200);

    t.clock.advance(t.config.positionRetentionDays * DAY - 60_000);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect((await hashesOf(me)).every((row) => row.hash !== '')).toBe(true);
    t.clock.advance(2 * 60_000);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await hashesOf(me)).toEqual([
      { key: 'clave-luz-0001', hash: '' },
      { key: 'clave-luz-0002', hash: '' },
      { key: 'clave-luz-0003', hash: '' },
    ]);
    // The phone's queue replays the press: the same answer, no new alert.
    const replay = await press(me, 'clave-luz-0001', start);
    expect(replay).toMatchObject({ status: 200, body: first.body });
  });

  it('goes with a practice alert’s position', async () => {
    const me = await signUp(t, 'hash-mar@example.com');
    const key = randomUUID();
    expect((await press(me, key, { alert_status: '3', latitude: '6.2442', longitude: '-75.5812' })).status).toBe(200);
    t.clock.advance(t.config.positionRetentionDays * DAY + 60_000);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await hashesOf(me)).toEqual([{ key, hash: '' }]);
  });
});
