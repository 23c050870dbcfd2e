import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { startAlertAtOnce, type AlertStarter } from '#server/alerts/start-alert-at-once.ts';
import { alerts } from '#server/db/schema.ts';
import { alertState, MEXICO, personWithOptedOutContact, practiceState, press, type PersonWithOptOut } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A press that starts an alert is written by one of two paths: one statement
// for the common case (start-alert-at-once.ts), or the transaction of
// alert-actions.ts when that one declines (a race, a refused statement). Each
// is forced here, through the app's alertStarter, so a fault in either shows.

const STARTED = 'ALERTA SOS: Rosa Prueba está en riesgo';
const POSITION = 'ALERTA SOS: ubicación de Rosa Prueba';
const ENDED = 'Rosa Prueba finalizó su alerta SOS';
const PRACTICE = 'PRUEBA: alerta de prueba de Rosa Prueba (no es una emergencia)';
const NO_POSITION = { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Mexico_City' };

/** Every e-mail each contact got from the person, the invitation aside. */
async function mailsOf(t: TestApp, { confirmed, pending, optedOut }: PersonWithOptOut) {
  const subjects = async (email: string) =>
    (await mailsTo(t, email)).map((mail) => mail.subject ?? '').filter((subject) => !subject.endsWith('te agregó como contacto de emergencia'));
  return { confirmed: await subjects(confirmed), pending: await subjects(pending), optedOut: await subjects(optedOut) };
}

const end = (t: TestApp, me: Session) =>
  t.call('PATCH', 'active-button', { token: me.access_token, body: { alert_status: '2' }, headers: { 'idempotency-key': randomUUID() } });

const alertsOf = async (t: TestApp, me: Session) =>
  t.db.select({ id: alerts.id, status: alerts.status }).from(alerts).where(eq(alerts.userId, me.id));

const paths = [
  { path: 'one statement', declines: false },
  { path: 'transaction', declines: true },
];

describe.each(paths)('an alert started by the $path path', ({ declines }) => {
  let t: TestApp;
  /** The keys of the presses the one statement answered itself. */
  let answeredAtOnce: string[] = [];
  const starter: AlertStarter = async (sos) => {
    if (declines) return undefined;
    const answer = await startAlertAtOnce(sos);
    if (answer?.kind === 'answered') answeredAtOnce.push(sos.key);
    return answer;
  };

  beforeAll(async () => {
    t = await createTestApp({ alertStarter: starter });
  });
  afterAll(() => t.close());

  it('e-mails the start, the first position and the end only to the contacts who accepted and did not opt out', async () => {
    answeredAtOnce = [];
    const person = await personWithOptedOutContact(t, declines ? 'tx-baja' : 'uno-baja');
    const { me } = person;
    const key = randomUUID();
    const started = await press(t, me, NO_POSITION, key);
    expect(started).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });
    expect(answeredAtOnce).toEqual(declines ? [] : [key]);
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    const state = await alertState(t, me);
    expect(state.alert?.id).toBe(alertId);
    expect(state.alert?.deliveries.map((delivery) => delivery.name)).toEqual(['Luis Díaz']);

    t.clock.advance(60_000);
    expect(await press(t, me, { alert_status: '1', ...MEXICO })).toMatchObject({ status: 200, body: { message: { alert_status: true, alert_id: alertId } } });
    expect(await end(t, me)).toMatchObject({ status: 200, body: { message: { alert_status: false, alert_id: alertId } } });

    expect(await mailsOf(t, person)).toEqual({ confirmed: [STARTED, POSITION, ENDED], pending: [], optedOut: [] });
    expect(await alertsOf(t, me)).toEqual([{ id: alertId, status: 'ended' }]);
  });

  it('answers a start replayed after its alert ended with the first answer: no second alert, no second e-mail', async () => {
    answeredAtOnce = [];
    const person = await personWithOptedOutContact(t, declines ? 'tx-otra-vez' : 'uno-otra-vez');
    const { me } = person;
    const key = randomUUID();
    const body = { alert_status: '1', ...MEXICO, pressed_at: t.clock.now().toISOString() };
    const first = await press(t, me, body, key);
    expect(first).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });
    const alertId = (first.body.message as { alert_id: string }).alert_id;
    expect(await end(t, me)).toMatchObject({ status: 200, body: { message: { alert_status: false, alert_id: alertId } } });
    expect(await mailsOf(t, person)).toEqual({ confirmed: [STARTED, ENDED], pending: [], optedOut: [] });

    // The phone never heard the answer and sends the same request again, after the end.
    t.clock.advance(60_000);
    const replayed = await press(t, me, body, key);
    expect(replayed).toEqual({ ...first, headers: replayed.headers });
    // The one statement answers both from the stored reply; the transaction path, neither.
    expect(answeredAtOnce).toEqual(declines ? [] : [key, key]);

    expect(await alertsOf(t, me)).toEqual([{ id: alertId, status: 'ended' }]);
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null });
    expect(await mailsOf(t, person)).toEqual({ confirmed: [STARTED, ENDED], pending: [], optedOut: [] });
    const refreshed = await t.post('refresh', { refresh_token: me.refresh_token });
    expect(refreshed.body.message).toMatchObject({ alert_status: false });
  });
});

describe('a practice alert', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('goes only to the contacts who accepted and did not opt out', async () => {
    const person = await personWithOptedOutContact(t, 'prueba-baja');
    const reply = await press(t, person.me, { alert_status: '3', ...MEXICO });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: { alert_status: false, alert_id: null } } });
    const state = await practiceState(t, person.me);
    expect(state.practice?.deliveries.map((delivery) => delivery.name)).toEqual(['Luis Díaz']);
    expect(await mailsOf(t, person)).toEqual({ confirmed: [PRACTICE], pending: [], optedOut: [] });
  });
});
