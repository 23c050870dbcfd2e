import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskAuditLine } from '#shared/api/desk.ts';
import { CASE_OPEN_FOLD_MS, caseFingerprint } from '#server/desk/audit.ts';
import { MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Registro' lists who opened which case: one line for a visit, however many times the case screen
// reads the case again (each live event, each reconnection), yet never a read without a line.

describe("the audit log's 'Abrió un caso'", () => {
  let t: TestApp;
  let ana: StaffBearer;
  let admin: StaffBearer;
  let alertId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await staffBearer(t, { role: 'responder', email: 'ana@firma.example' });
    admin = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
    const { me } = await personWithConfirmedContacts(t, 'abierta', [['Luis', 'Díaz']]);
    expect(
      (await t.call('PUT', 'profile/firm-consent', { token: me.access_token, body: { share: true } })).status,
    ).toBe(200);
    const pressed = await t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { alert_status: '1', ...MEXICO },
      headers: { 'idempotency-key': randomUUID() },
    });
    alertId = (pressed.body.message as { alert_id: string }).alert_id;
  });
  afterAll(() => t.close());

  const open = async (who: StaffBearer) =>
    expect((await t.call('GET', `desk/alerts/${alertId}`, { token: who.token })).status).toBe(200);
  const opened = async () =>
    ((await t.call('GET', 'desk/audit', { token: admin.token })).body.message as DeskAuditLine[])
      .filter((line) => line.action === 'case-opened')
      .map((line) => ({ staff: line.staff_email, at: line.at, alert: line.alert_id, ref: line.alert_ref }));

  it('writes one line per staff member and case for a visit and its refetches, and a new one once the visit is long past', async () => {
    const ref = caseFingerprint(t.config.secret, alertId);
    const first = t.clock.now().toISOString();
    await open(ana);
    // The screen's live refetches, a reconnection's, and several at the same moment.
    t.clock.advance(30_000);
    await open(ana);
    await Promise.all([open(ana), open(ana), open(ana)]);
    t.clock.advance(CASE_OPEN_FOLD_MS - 30_000 - 1);
    await open(ana);
    expect(await opened()).toEqual([{ staff: 'ana@firma.example', at: first, alert: alertId, ref }]);

    // Someone else opening the same case is their own line, at once.
    await open(admin);
    const second = t.clock.now().toISOString();
    expect(await opened()).toEqual([
      { staff: 'jefa@firma.example', at: second, alert: alertId, ref },
      { staff: 'ana@firma.example', at: first, alert: alertId, ref },
    ]);

    // Ana, a quarter of an hour after her line: a new line.
    t.clock.advance(1);
    await open(ana);
    expect(await opened()).toEqual([
      { staff: 'ana@firma.example', at: t.clock.now().toISOString(), alert: alertId, ref },
      { staff: 'jefa@firma.example', at: second, alert: alertId, ref },
      { staff: 'ana@firma.example', at: first, alert: alertId, ref },
    ]);
  });
});
