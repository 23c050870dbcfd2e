import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { addStaff, removeStaff } from '#server/staff/staff-members.ts';
import { runStaffCommand } from '#server/staff/staff-command.ts';
import { staffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// Removing staff never leaves the desk without an admin, however it is asked (the desk, the
// server's command, two admins at once), and every removal is a line of the audit log.

describe('removing staff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const presentAdmins = async () =>
    (
      await t.pool.query<{ email: string }>(
        `select email from staff where role = 'admin' and removed_at is null order by email`,
      )
    ).rows.map((row) => row.email);
  const removals = async () =>
    (
      await t.pool.query<{ staff_id: string | null; staff_email: string; subject_email: string }>(
        `select staff_id, staff_email, subject_email from desk_audit where action = 'staff-removed' order by id`,
      )
    ).rows;

  it('refuses to remove the last admin, from the server’s command as from the code, and removes nothing', async () => {
    const only = await staffBearer(t, { role: 'admin', email: 'unica@firma.example' });
    expect(await removeStaff(t.db, only.email, t.clock.now())).toBe('last-admin');
    expect(await runStaffCommand(t.db, ['remove', only.email], t.clock.now(), 'http://localhost/web/desk')).toEqual({
      code: 1,
      out: `${only.email} es el único admin del escritorio: sin admin nadie podría manejar el equipo ni leer el registro. Añade antes otro admin con:\n  npm run staff -- add CORREO --role admin`,
    });
    expect(await presentAdmins()).toEqual([only.email]);
    expect((await t.call('GET', 'desk/me', { token: only.token })).status).toBe(200);
    expect(await removals()).toEqual([]);

    // With a second admin, the command removes the first, and the log names the server's command.
    await staffBearer(t, { role: 'admin', email: 'segunda@firma.example' });
    expect((await runStaffCommand(t.db, ['remove', only.email], t.clock.now(), 'http://x')).code).toBe(0);
    expect(await presentAdmins()).toEqual(['segunda@firma.example']);
    expect(await removals()).toEqual([
      { staff_id: null, staff_email: 'Servidor (npm run staff)', subject_email: only.email },
    ]);
  });

  it('leaves one admin when two admins remove each other at the same moment', async () => {
    await t.pool.query(`update staff set removed_at = now() where removed_at is null`);
    const before = (await removals()).length;
    const ana = await staffBearer(t, { role: 'admin', email: 'ana@firma.example' });
    const bea = await staffBearer(t, { role: 'admin', email: 'bea@firma.example' });
    const [byAna, byBea] = await Promise.all([
      t.call('DELETE', `desk/staff/${bea.staffId}`, { token: ana.token }),
      t.call('DELETE', `desk/staff/${ana.staffId}`, { token: bea.token }),
    ]);
    const replies = [byAna, byBea].map((reply) => [reply.status, reply.body.message]);
    // One wins; the other is refused, as the last admin or as someone no longer on the team.
    expect(replies).toContainEqual([200, apiMessages.staffRemoved]);
    expect(replies.filter(([status]) => status !== 200)).toEqual([
      [expect.any(Number), expect.stringMatching(/^(Es el único admin|Te quitaron del equipo)/)],
    ]);
    expect(await presentAdmins()).toHaveLength(1);
    const winner = byAna.status === 200 ? ana : bea;
    const loser = winner === ana ? bea : ana;
    expect((await removals()).slice(before)).toEqual([
      { staff_id: winner.staffId, staff_email: winner.email, subject_email: loser.email },
    ]);
  });

  it('never makes the last admin a responder: not from the command, not by an invitation, not by two admins at once', async () => {
    await t.pool.query(`update staff set removed_at = now() where removed_at is null`);
    const only = await staffBearer(t, { role: 'admin', email: 'sola@firma.example' });
    expect(await addStaff(t.db, only.email, 'responder', t.clock.now())).toBe('last-admin');
    expect(await runStaffCommand(t.db, ['add', only.email, '--role', 'responder'], t.clock.now(), 'http://x')).toEqual({
      code: 1,
      out: `${only.email} es el único admin del escritorio: sin admin nadie podría manejar el equipo ni leer el registro. Añade antes otro admin con:\n  npm run staff -- add CORREO --role admin`,
    });
    const invited = await t.call('POST', 'desk/staff', {
      token: only.token,
      body: { email: only.email, role: 'responder' },
    });
    expect([invited.status, invited.body.message]).toEqual([409, apiMessages.staffLastAdmin]);
    expect(await presentAdmins()).toEqual([only.email]);
    expect((await t.call('GET', 'desk/me', { token: only.token })).body.message).toMatchObject({ roles: ['admin'] });

    // Two admins each making the other a responder at once: one stays admin.
    const other = await staffBearer(t, { role: 'admin', email: 'otra@firma.example' });
    const replies = await Promise.all([
      t.call('POST', 'desk/staff', { token: only.token, body: { email: other.email, role: 'responder' } }),
      t.call('POST', 'desk/staff', { token: other.token, body: { email: only.email, role: 'responder' } }),
    ]);
    // The loser is refused as the last admin, or, when the winner's change came first, as no longer an admin.
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses[0]).toBe(201);
    expect([403, 409]).toContain(statuses[1]);
    expect(await presentAdmins()).toHaveLength(1);
  });
});
