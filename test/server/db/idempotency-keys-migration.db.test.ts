import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBeforeMigration } from '#test/support/database-before-migration.ts';

// The SOS button's and the check-in's request keys, two tables before, become one with the kind
// of request: every key a phone may still replay keeps its first answer, and the same key kept
// by both stays two rows.

const MIGRATION = '0035_idempotency_keys';

describe('merging the request keys of SOS presses and check-ins', () => {
  let before: DatabaseBeforeMigration;
  beforeAll(async () => {
    before = await databaseBefore(MIGRATION);
  });
  afterAll(() => before.close());

  it('keeps every row of both tables, each with its kind', async () => {
    const q = (sql: string, values: unknown[] = []) => before.pool.query(sql, values);
    const [ana = '', luz = ''] = await Promise.all(
      ['ana@example.com', 'luz@example.com'].map(
        async (email) =>
          (
            await q(
              `insert into users (email, firstname, lastname, phone) values ($1, 'Ana', 'Prueba', '+13055550123') returning id`,
              [email],
            )
          ).rows[0].id as string,
      ),
    );
    const row = (table: string, userId: string, key: string, hash: string, reply: unknown, at: string) =>
      q(`insert into ${table} (user_id, idempotency_key, body_hash, reply, created_at) values ($1, $2, $3, $4, $5)`, [
        userId,
        key,
        hash,
        JSON.stringify(reply),
        at,
      ]);
    await row('alert_requests', ana, 'clave-compartida', 'hash-sos', { active: true }, '2026-03-01T10:00:00.000Z');
    await row('alert_requests', luz, 'clave-luz-0001', '', null, '2026-03-02T10:00:00.000Z');
    await row(
      'check_in_requests',
      ana,
      'clave-compartida',
      'hash-aviso',
      { status: 200, message: { status: 'running' } },
      '2026-03-01T11:00:00.000Z',
    );

    await before.migrateRest();

    const { rows } = await q(
      `select user_id, kind, idempotency_key, body_hash, reply, created_at from idempotency_keys order by created_at`,
    );
    expect(rows).toEqual([
      {
        user_id: ana,
        kind: 'alert',
        idempotency_key: 'clave-compartida',
        body_hash: 'hash-sos',
        reply: { active: true },
        created_at: new Date('2026-03-01T10:00:00.000Z'),
      },
      {
        user_id: ana,
        kind: 'check-in',
        idempotency_key: 'clave-compartida',
        body_hash: 'hash-aviso',
        reply: { status: 200, message: { status: 'running' } },
        created_at: new Date('2026-03-01T11:00:00.000Z'),
      },
      {
        user_id: luz,
        kind: 'alert',
        idempotency_key: 'clave-luz-0001',
        body_hash: '',
        reply: null,
        created_at: new Date('2026-03-02T10:00:00.000Z'),
      },
    ]);
    const { rows: tables } = await q(
      `select table_name from information_schema.tables where table_name in ('alert_requests', 'check_in_requests')`,
    );
    expect(tables).toEqual([]);
  });
});
