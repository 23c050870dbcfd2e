import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskAuditLine } from '#shared/api/desk.ts';
import { searchFingerprint } from '#server/desk/audit.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// Asking 'Registro' whether a name or phone was searched is a read about that person as well: it is
// written to the log with who, when and a fingerprint of what was asked, like a search.

describe("'Registro' logs its own look-ups", () => {
  let t: TestApp;
  let ana: StaffBearer;
  let jefa: StaffBearer;
  let otra: StaffBearer;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await staffBearer(t, { role: 'responder', email: 'ana@firma.example' });
    jefa = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
    otra = await staffBearer(t, { role: 'admin', email: 'otra@firma.example' });
  });
  afterAll(() => t.close());

  const get = (who: StaffBearer, path: string) => t.call('GET', `desk/${path}`, { token: who.token });
  const lookUp = async (who: StaffBearer, asked: string) => {
    const reply = await get(who, `audit?q=${encodeURIComponent(asked)}`);
    expect(reply.status).toBe(200);
    return (reply.body.message as DeskAuditLine[]).map(({ id: _id, ...line }) => line);
  };
  const log = async () =>
    ((await get(jefa, 'audit')).body.message as DeskAuditLine[]).map(({ id: _id, ...line }) => line);
  const fingerprint = (text: string) => searchFingerprint(t.config.secret, text);
  const line = (action: DeskAuditLine['action'], staff: StaffBearer, at: string, query: string, results: number) => ({
    at,
    staff_email: staff.email,
    action,
    query_hash: fingerprint(query),
    alert_ref: null,
    alert_id: null,
    results,
    subject_email: null,
  });

  it('writes each look-up with who, when and what was asked, and the next look-up of that person lists it', async () => {
    expect((await get(ana, `clients?q=${encodeURIComponent('Rosa Prue')}`)).status).toBe(200);
    const searched = t.clock.now().toISOString();
    const search = line('search', ana, searched, 'rosa prue', 0);

    t.clock.advance(60_000);
    expect(await lookUp(jefa, 'Rosa Prueba')).toEqual([search]);
    const firstAsked = t.clock.now().toISOString();
    const firstLookUp = line('lookup', jefa, firstAsked, 'rosa prueba', 1);
    expect(await log()).toEqual([firstLookUp, search]);

    // Another admin asks about her by phone and by name: the phone finds nothing (not even the
    // look-up by name), the name finds the search and the first look-up; each asking is a line.
    t.clock.advance(60_000);
    expect(await lookUp(otra, '+1 305 555 0123')).toEqual([]);
    const byPhone = line('lookup', otra, t.clock.now().toISOString(), '13055550123', 0);
    expect(await lookUp(otra, 'rosa  PRUEBA')).toEqual([firstLookUp, search]);
    const byName = line('lookup', otra, t.clock.now().toISOString(), 'rosa prueba', 1);
    expect(await log()).toEqual([byName, byPhone, firstLookUp, search]);

    // Reading the whole log names nobody and is no look-up; the log never keeps the typed text.
    expect(await log()).toHaveLength(4);
    const { rows } = await t.pool.query<{ line: string }>(
      `select row_to_json(desk_audit)::text as line from desk_audit`,
    );
    for (const { line: stored } of rows)
      for (const typed of ['rosa', 'Rosa', 'PRUEBA', '3055550123', '555 0123']) expect(stored).not.toContain(typed);
  });

  it('writes nothing for a look-up it refuses', async () => {
    const before = await log();
    expect((await get(ana, 'audit?q=rosa')).status).toBe(403);
    expect((await get(jefa, 'audit?q=r')).status).toBe(422);
    expect(await log()).toEqual(before);
  });
});
