import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type DatabaseBeforeMigration } from '#test/support/database-before-migration.ts';

// The migration to bare addresses, on a database as the previous release left
// it: rows the API would refuse today are normalised, merged or disabled, each
// one reported, and no opt-out is lost.

const MIGRATION = '0009_bare_addresses';

describe('migrating stored addresses to bare addresses', () => {
  let before: DatabaseBeforeMigration;
  let pool: pg.Pool;

  beforeAll(async () => {
    before = await databaseBefore(MIGRATION);
    pool = before.pool;
  });
  afterAll(() => before.close());

  it('normalises what it can, disables contacts it cannot, keeps every opt-out, and reports each row', async () => {
    const q = (sql: string, values: unknown[] = []) => pool.query(sql, values);
    const now = '2026-03-01T10:00:00Z';
    const user = async (email: string) =>
      (
        await q(
          `insert into users (email, firstname, lastname, phone) values ($1, 'Ana', 'Prueba', '+13055550123') returning id`,
          [email],
        )
      ).rows[0].id as string;
    const contact = async (userId: string, email: string) =>
      (
        await q(
          `insert into contacts (user_id, firstname, lastname, email, phone, kinship, email_verified_at)
           values ($1, 'Jorge', 'Pérez', $2, '+13055550124', 'Hermano', $3) returning id`,
          [userId, email, now],
        )
      ).rows[0].id as string;
    const optOut = (userId: string, email: string, hash: string, unsubscribedAt: string | null) =>
      q(`insert into opt_outs (user_id, email, token_hash, created_at, unsubscribed_at) values ($1, $2, $3, $4, $5)`, [
        userId,
        email,
        hash,
        now,
        unsubscribedAt,
      ]);

    const ana = await user('ana@example.com');
    const upper = await user(' Luz@Example.org');
    const named = await user('Eva <eva@example.org>');
    // Two spellings of one address: the second cannot take the name of the first.
    const twin = await user('ANA@example.com');

    const plain = await contact(ana, 'rosa@example.com');
    const shouted = await contact(ana, 'Pablo@Example.com');
    const variant = await contact(ana, 'x<jorge@example.com>');
    const list = await contact(ana, 'a,jorge@example.com');
    const clash = await contact(ana, 'ROSA@example.com');
    await q(
      `insert into verifications (type, target, code_hash, sent_at, expires_at) values ('contact-invite', $1, 'h1', $2, $2)`,
      [variant, now],
    );
    await q(
      `insert into verifications (type, target, code_hash, sent_at, expires_at) values ('contact-invite', $1, 'h2', $2, $2)`,
      [plain, now],
    );

    await optOut(ana, 'jorge@example.com', 'hash-jorge', '2026-02-01T00:00:00Z');
    await optOut(ana, 'Jorge@Example.com', 'hash-jorge-upper', '2026-01-01T00:00:00Z');
    await optOut(ana, 'x<lia@example.com>', 'hash-lia', '2026-02-10T00:00:00Z');
    await optOut(ana, 'Mar@Example.com', 'hash-mar', null);

    await before.migrateRest();

    const users = await q(`select id, email from users order by email collate "C"`);
    expect(users.rows).toEqual(
      [
        { id: ana, email: 'ana@example.com' },
        { id: twin, email: 'ANA@example.com' },
        { id: named, email: 'Eva <eva@example.org>' },
        { id: upper, email: 'luz@example.org' },
      ].sort((a, b) => (a.email < b.email ? -1 : 1)),
    );

    const contacts = await q(
      `select id, email, email_verified_at is not null as confirmed from contacts order by email collate "C"`,
    );
    expect(contacts.rows).toEqual(
      [
        { id: plain, email: 'rosa@example.com', confirmed: true },
        { id: shouted, email: 'pablo@example.com', confirmed: true },
        { id: variant, email: 'x<jorge@example.com>', confirmed: false },
        { id: list, email: 'a,jorge@example.com', confirmed: false },
        { id: clash, email: 'ROSA@example.com', confirmed: false },
      ].sort((a, b) => (a.email < b.email ? -1 : 1)),
    );
    const links = await q(`select target from verifications where type = 'contact-invite'`);
    expect(links.rows).toEqual([{ target: plain }]);

    const optOuts = await q(
      `select email, token_hash, unsubscribed_at from opt_outs where user_id = $1 order by email collate "C", token_hash`,
      [ana],
    );
    expect(optOuts.rows).toEqual([
      { email: 'jorge@example.com', token_hash: 'hash-jorge', unsubscribed_at: new Date('2026-01-01T00:00:00Z') },
      { email: 'lia@example.com', token_hash: 'migrated:hash-lia', unsubscribed_at: new Date('2026-02-10T00:00:00Z') },
      { email: 'mar@example.com', token_hash: 'hash-mar', unsubscribed_at: null },
      { email: 'x<lia@example.com>', token_hash: 'hash-lia', unsubscribed_at: new Date('2026-02-10T00:00:00Z') },
    ]);

    const review = await q(
      `select table_name, row_key, action, old_email, new_email from address_review order by table_name, old_email collate "C"`,
    );
    expect(review.rows).toEqual([
      {
        table_name: 'contacts',
        row_key: shouted,
        action: 'normalised',
        old_email: 'Pablo@Example.com',
        new_email: 'pablo@example.com',
      },
      { table_name: 'contacts', row_key: clash, action: 'disabled', old_email: 'ROSA@example.com', new_email: null },
      { table_name: 'contacts', row_key: list, action: 'disabled', old_email: 'a,jorge@example.com', new_email: null },
      {
        table_name: 'contacts',
        row_key: variant,
        action: 'disabled',
        old_email: 'x<jorge@example.com>',
        new_email: null,
      },
      {
        table_name: 'opt_outs',
        row_key: ana,
        action: 'merged',
        old_email: 'Jorge@Example.com',
        new_email: 'jorge@example.com',
      },
      {
        table_name: 'opt_outs',
        row_key: ana,
        action: 'merged',
        old_email: 'Mar@Example.com',
        new_email: 'mar@example.com',
      },
      {
        table_name: 'opt_outs',
        row_key: ana,
        action: 'extracted',
        old_email: 'x<lia@example.com>',
        new_email: 'lia@example.com',
      },
      {
        table_name: 'users',
        row_key: upper,
        action: 'normalised',
        old_email: ' Luz@Example.org',
        new_email: 'luz@example.org',
      },
      { table_name: 'users', row_key: twin, action: 'kept', old_email: 'ANA@example.com', new_email: null },
      { table_name: 'users', row_key: named, action: 'kept', old_email: 'Eva <eva@example.org>', new_email: null },
    ]);
  });
});
