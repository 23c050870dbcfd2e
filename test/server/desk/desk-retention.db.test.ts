import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { createEscalationWorker } from '#server/desk/escalation.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { newestAlertId, shareWithFirm } from '#test/support/desk-people.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The desk keeps a case no longer than the alert's own log: the retention purge
// takes its notes, actions, claim, closure, escalations and the audit's link to
// it; the audit's lines stay (append-only), naming nobody.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DESK_TABLES = ['desk_notes', 'desk_cases', 'desk_escalations', 'desk_audit_cases'] as const;

describe('the retention purge and the desk', () => {
  let t: TestApp;
  // A desk session lasts 12 hours: each case is worked in a new one.
  let responder: StaffBearer;
  beforeAll(async () => {
    t = await createTestApp({ env: { DESK_ESCALATE_MINUTES: '2' } });
  });
  afterAll(() => t.close());

  const desk = (method: string, path: string, body?: unknown) =>
    t.call(method, `desk/${path}`, { token: responder.token, body });
  const prune = () => pruneExpired(t.db, t.clock.now(), t.config);

  /** How many rows each desk table holds about one alert, and how many audit lines there are in all. */
  async function deskRowsOf(alertId: string) {
    const counts: Record<string, number> = {};
    for (const table of DESK_TABLES) {
      const { rows } = await t.pool.query<{ n: number }>(
        `select count(*)::int as n from ${table} where alert_id = $1`,
        [alertId],
      );
      counts[table] = rows[0]?.n ?? -1;
    }
    const { rows } = await t.pool.query<{ n: number }>('select count(*)::int as n from desk_audit');
    return { ...counts, audit: rows[0]?.n ?? -1 };
  }

  /** A consenting person's alert, escalated, opened, attended, noted, acted on and closed at the desk. */
  async function workedCase(tag: string): Promise<{ me: Session; alertId: string }> {
    responder = await staffBearer(t, { role: 'responder' });
    const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
    await shareWithFirm(t, me);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const alertId = await newestAlertId(t, me);
    t.clock.advance(2 * MINUTE);
    await createEscalationWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue();
    expect((await desk('GET', `alerts/${alertId}`)).status).toBe(200);
    expect((await desk('POST', `alerts/${alertId}/claim`)).status).toBe(200);
    expect((await desk('POST', `alerts/${alertId}/notes`, { text: 'Su hermana dice que está en casa.' })).status).toBe(
      200,
    );
    const action = { action: 'Llamé a la persona', text: 'No contestó.' };
    expect((await desk('POST', `alerts/${alertId}/actions`, action)).status).toBe(200);
    const close = { outcome: 'A salvo', text: 'Estaba en el trabajo.' };
    expect((await desk('POST', `alerts/${alertId}/close`, close)).status).toBe(200);
    return { me, alertId };
  }

  it("takes a case's notes, actions, claim, closure, escalations and audit link with its alert's log, and keeps the audit's lines", async () => {
    const old = await workedCase('antigua');
    expect((await press(t, old.me, { alert_status: '2', ...MEXICO })).status).toBe(200);
    const worked = { desk_notes: 2, desk_cases: 1, desk_escalations: 1, desk_audit_cases: 1 };
    const before = await deskRowsOf(old.alertId);
    expect(before).toEqual({ ...worked, audit: 1 });

    // Working the newer case takes two minutes (its escalation): it ends a minute short of the old one's retention.
    t.clock.advance(t.config.positionRetentionDays * DAY - 3 * MINUTE);
    const recent = await workedCase('reciente');
    expect((await press(t, recent.me, { alert_status: '2', ...MEXICO })).status).toBe(200);
    await prune();
    // Not yet: the old alert ended a minute short of the retention.
    expect(await deskRowsOf(old.alertId)).toEqual({ ...worked, audit: 2 });

    t.clock.advance(2 * MINUTE);
    await prune();
    expect(await deskRowsOf(old.alertId)).toEqual({
      desk_notes: 0,
      desk_cases: 0,
      desk_escalations: 0,
      desk_audit_cases: 0,
      audit: 2,
    });
    // The newer case, ended within the retention, keeps everything.
    expect(await deskRowsOf(recent.alertId)).toEqual({ ...worked, audit: 2 });
    const { rows } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from alert_events where alert_ids @> array[$1]::uuid[]',
      [old.alertId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});
