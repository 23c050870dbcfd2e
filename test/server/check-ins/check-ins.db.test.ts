import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { clockTime } from '#shared/alert-moment.ts';
import { checkInMessages, type CheckIn } from '#shared/api/check-ins.ts';
import { createCheckInWorker, type CheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { alertState, lastMail, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Avísales si no vuelvo': the server fires a check-in by itself at its deadline
// plus the grace (5 minutes), exactly once, through the alert's one start path.

const MINUTE = 60_000;
const MISSED = /^ALERTA: Rosa Prueba no confirmó que está bien$/;
const SAFE = /^Rosa Prueba está bien: su alerta terminó$/;
const STARTED = /^ALERTA SOS: /;

const workerOf = (t: TestApp): CheckInWorker =>
  createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

function startCheckIn(t: TestApp, me: Session, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.call('POST', 'check-ins', { token: me.access_token, body, headers: { 'idempotency-key': key } });
}

function updateCheckIn(t: TestApp, me: Session, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.call('PUT', 'check-ins/current', { token: me.access_token, body, headers: { 'idempotency-key': key } });
}

async function currentOf(t: TestApp, me: Session): Promise<CheckIn | null> {
  const reply = await t.call('GET', 'check-ins/current', { token: me.access_token });
  expect(reply.status).toBe(200);
  return reply.body.message as CheckIn | null;
}

async function alertsOf(t: TestApp, email: string) {
  const { rows } = await t.pool.query<{ id: string; status: string; trigger: string; check_in_id: string | null }>(
    `select a.id, a.status, a.trigger, a.check_in_id from alerts a join users u on u.id = a.user_id where u.email = $1 order by a.started_at`,
    [email],
  );
  return rows;
}

const appointment = (t: TestApp, minutes = 60) => ({
  purpose: 'cita-inmigracion',
  place: '26 Federal Plaza',
  due_at: inMinutes(t, minutes),
  ...MEXICO,
});

describe('check-ins the server fires', () => {
  let t: TestApp;
  let worker: CheckInWorker;
  beforeAll(async () => {
    t = await createTestApp();
    worker = workerOf(t);
  });
  afterAll(() => t.close());

  it('reminds the person 10 minutes before, fires once at the deadline plus 5 minutes, never before', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'vence', [['Luis', 'Díaz']]);
    const started = await startCheckIn(t, me, appointment(t));
    expect(started.status).toBe(200);
    const checkIn = started.body.message as CheckIn;
    expect(checkIn).toMatchObject({
      purpose: 'cita-inmigracion',
      place: '26 Federal Plaza',
      status: 'running',
      fired_alert_id: null,
    });
    expect(checkIn.remind_at).toBe(new Date(Date.parse(checkIn.due_at) - 10 * MINUTE).toISOString());

    t.clock.advance(50 * MINUTE - 1);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });
    t.clock.advance(1);
    expect(await worker.tick()).toEqual({ reminded: 1, fired: 0 });
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });
    const [reminder] = await mailsTo(t, 'vence@example.com').then((mails) =>
      mails.filter((mail) => /Tu aviso termina/.test(mail.subject ?? '')),
    );
    expect(reminder?.subject).toBe('Tu aviso termina a las 07:00: ¿estás bien?');
    expect(reminder?.text).toContain('Si no lo haces, a las 07:05 avisaremos a tus contactos de emergencia.');

    // The deadline, then the grace.
    t.clock.advance(10 * MINUTE);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });
    t.clock.advance(5 * MINUTE - 1);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });
    expect(await alertsOf(t, 'vence@example.com')).toEqual([]);
    t.clock.advance(1);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 1 });
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });

    const [alert, ...more] = await alertsOf(t, 'vence@example.com');
    expect(more).toEqual([]);
    expect(alert).toEqual({
      id: expect.any(String),
      status: 'active',
      trigger: 'missed-check-in',
      check_in_id: checkIn.id,
    });
    expect(await currentOf(t, me)).toEqual({ ...checkIn, status: 'fired', fired_alert_id: alert!.id });
    const state = await alertState(t, me);
    expect(state.alert_status).toBe(true);
    expect(state.alert).toMatchObject({
      id: alert!.id,
      trigger: 'missed-check-in',
      check_in: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: checkIn.due_at },
    });

    const mails = await mailsTo(t, emails[0]!);
    const missed = mails.filter((mail) => MISSED.test(mail.subject ?? ''));
    expect(missed).toHaveLength(1);
    const text = missed[0]!.text ?? '';
    expect(
      text.indexOf(
        'Rosa Prueba no confirmó que está bien después de su cita de inmigración en 26 Federal Plaza, prevista hasta las 07:00.',
      ),
    ).toBeGreaterThan(0);
    expect(text).toContain('Última ubicación que envió su teléfono mientras el aviso estaba en curso:');
    expect(text).toContain('latitud 19.4326, longitud -99.1332');
    expect(text).toContain('https://locator.ice.gov');
    expect(text).toContain('Lo tengo');
  });

  it('closes with Estoy bien before the deadline: nothing fires', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'cierra', [['Luis', 'Díaz']]);
    const checkIn = (await startCheckIn(t, me, appointment(t, 30))).body.message as CheckIn;
    t.clock.advance(20 * MINUTE);
    const ok = await updateCheckIn(t, me, { action: 'ok' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toEqual({ ...checkIn, status: 'closed' });
    t.clock.advance(60 * MINUTE);
    expect((await worker.tick()).fired).toBe(0);
    expect(await alertsOf(t, 'cierra@example.com')).toEqual([]);
    expect(await currentOf(t, me)).toBeNull();
    expect((await mailsTo(t, emails[0]!)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/te agregó como contacto/),
    ]);
  });

  it('Estoy bien after it fired: the contacts get one e-mail that the person is safe, and the alert ends', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'salvo', [['Luis', 'Díaz']]);
    await startCheckIn(t, me, appointment(t, 15));
    t.clock.advance(20 * MINUTE);
    expect((await worker.tick()).fired).toBe(1);
    // The start leaves first: an end before it would withdraw it and send nothing.
    await t.drainOutbox();
    const key = randomUUID();
    const ok = await updateCheckIn(t, me, { action: 'ok' }, key);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatchObject({ status: 'closed' });
    // The offline queue replays it: same reply, nothing more.
    const replay = await updateCheckIn(t, me, { action: 'ok' }, key);
    expect(replay).toMatchObject({ status: 200, body: ok.body });
    expect((await alertsOf(t, 'salvo@example.com')).map((alert) => alert.status)).toEqual(['ended']);
    expect((await alertState(t, me)).alert_status).toBe(false);
    const safe = (await mailsTo(t, emails[0]!)).filter((mail) => SAFE.test(mail.subject ?? ''));
    expect(safe).toHaveLength(1);
    expect(safe[0]!.text).toContain('Rosa Prueba confirmó que está bien. La alerta terminó.');
    expect(await currentOf(t, me)).toBeNull();
  });

  it('Necesito más tiempo moves the deadline and reminds again', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'extiende', [['Luis', 'Díaz']]);
    await startCheckIn(t, me, { ...appointment(t, 30), latitude: '', longitude: '' });
    // The app sends the last known position while it runs.
    const moved = await updateCheckIn(t, me, { action: 'position', latitude: '40.7128', longitude: '-74.006' });
    expect(moved.body.message).toMatchObject({ status: 'running' });
    t.clock.advance(25 * MINUTE);
    expect(await worker.tick()).toEqual({ reminded: 1, fired: 0 });
    const extended = await updateCheckIn(t, me, { action: 'extend', due_at: inMinutes(t, 60) });
    expect(extended.status).toBe(200);
    expect(extended.body.message).toMatchObject({ status: 'running', due_at: inMinutes(t, 60) });
    // The first deadline plus the grace passes: nothing.
    t.clock.advance(20 * MINUTE);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 0 });
    t.clock.advance(30 * MINUTE);
    expect(await worker.tick()).toEqual({ reminded: 1, fired: 0 });
    t.clock.advance(15 * MINUTE);
    expect(await worker.tick()).toEqual({ reminded: 0, fired: 1 });
    expect(await alertsOf(t, 'extiende@example.com')).toHaveLength(1);
    expect((await lastMail(t, emails[0]!, MISSED))?.text).toContain('latitud 40.7128, longitud -74.006');
  });

  it('adds to an alert already on: no second alert, one e-mail saying the check-in was missed', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'suma', [['Luis', 'Díaz']]);
    const checkIn = (await startCheckIn(t, me, appointment(t, 10))).body.message as CheckIn;
    const sos = await press(t, me, { alert_status: '1', ...MEXICO });
    const alertId = (sos.body.message as { alert_id: string }).alert_id;
    t.clock.advance(15 * MINUTE);
    expect((await worker.tick()).fired).toBe(1);
    expect(await alertsOf(t, 'suma@example.com')).toEqual([
      { id: alertId, status: 'active', trigger: 'press', check_in_id: null },
    ]);
    expect(await currentOf(t, me)).toEqual({ ...checkIn, status: 'fired', fired_alert_id: alertId });
    const mails = await mailsTo(t, emails[0]!);
    expect(mails.filter((mail) => STARTED.test(mail.subject ?? ''))).toHaveLength(1);
    const added = await lastMail(t, emails[0]!, /^ALERTA: Rosa Prueba tampoco confirmó que está bien$/);
    expect(added?.text).toContain(
      `Rosa Prueba no confirmó que está bien después de su cita de inmigración en 26 Federal Plaza, prevista hasta las ${clockTime(new Date(checkIn.due_at), MEXICO.timezone)}.`,
    );
    expect(added?.text).toContain('Su alerta SOS sigue activa.');
  });

  it('erases a finished check-in’s last position after the retention days, never a running one’s', async () => {
    const { me } = await personWithConfirmedContacts(t, 'olvida', [['Luis', 'Díaz']]);
    await startCheckIn(t, me, appointment(t, 60));
    await updateCheckIn(t, me, { action: 'ok' });
    const positions = async () =>
      (
        await t.pool.query<{ status: string; latitude: string }>(
          `select c.status, c.latitude from check_ins c join users u on u.id = c.user_id where u.email = 'olvida@example.com' order by c.created_at`,
        )
      ).rows;
    t.clock.advance(29 * 24 * 60 * MINUTE);
    await startCheckIn(t, me, appointment(t, 60));
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await positions()).toEqual([
      { status: 'closed', latitude: '19.4326' },
      { status: 'running', latitude: '19.4326' },
    ]);
    t.clock.advance(2 * 24 * 60 * MINUTE);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await positions()).toEqual([
      { status: 'closed', latitude: '' },
      { status: 'running', latitude: '19.4326' },
    ]);
    await updateCheckIn(t, me, { action: 'ok' });
  });

  it('answers one running check-in, replays by key, and refuses bad deadlines in Spanish', async () => {
    const { me } = await personWithConfirmedContacts(t, 'reglas', [['Luis', 'Díaz']]);
    expect(await updateCheckIn(t, me, { action: 'ok' })).toMatchObject({
      status: 404,
      body: { success: false, message: checkInMessages.none },
    });
    const key = randomUUID();
    const first = await startCheckIn(t, me, appointment(t), key);
    expect(first.status).toBe(200);
    expect(await startCheckIn(t, me, appointment(t), key)).toMatchObject({ status: 200, body: first.body });
    expect(await startCheckIn(t, me, appointment(t))).toMatchObject({
      status: 409,
      body: { success: false, message: checkInMessages.running },
    });
    const past = await startCheckIn(t, me, { ...appointment(t), due_at: inMinutes(t, -1) });
    expect(past).toMatchObject({ status: 422, body: { errors: { due_at: [checkInMessages.dueAtPast] } } });
    const far = await startCheckIn(t, me, { ...appointment(t), due_at: inMinutes(t, 48 * 60 + 1) });
    expect(far).toMatchObject({ status: 422, body: { errors: { due_at: [checkInMessages.dueAtTooFar] } } });
    expect(await updateCheckIn(t, me, { action: 'extend', due_at: inMinutes(t, -5) })).toMatchObject({
      status: 422,
      body: { errors: { due_at: [checkInMessages.dueAtPast] } },
    });
    expect(await currentOf(t, me)).toEqual(first.body.message);
  });

  it('keeps a check-in’s key and an SOS’s apart: the same key starts both, and each replay gets its own first answer', async () => {
    const { me } = await personWithConfirmedContacts(t, 'misma-clave', [['Luis', 'Díaz']]);
    const key = randomUUID();
    const checkIn = await startCheckIn(t, me, appointment(t), key);
    expect(checkIn.status).toBe(200);
    const sos = await press(t, me, { alert_status: '1', ...MEXICO }, key);
    expect(sos).toMatchObject({ status: 200, body: { success: true } });

    expect(await startCheckIn(t, me, appointment(t), key)).toMatchObject({ status: 200, body: checkIn.body });
    expect(await press(t, me, { alert_status: '1', ...MEXICO }, key)).toMatchObject({ status: 200, body: sos.body });
    expect({ checkIn: await currentOf(t, me), alerts: await alertsOf(t, 'misma-clave@example.com') }).toEqual({
      checkIn: checkIn.body.message,
      alerts: [{ id: expect.any(String), status: 'active', trigger: 'press', check_in_id: null }],
    });
  });
});

describe('exactly once across instances and restarts', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    // A second instance on the same database and clock.
    b = await createTestApp({ database: a.database, clock: a.clock });
  });
  afterAll(async () => {
    await b.close({ keepDatabase: true });
    await a.close();
  });

  it('two instances racing fire each due check-in once', async () => {
    const people = [];
    for (const tag of ['carrera1', 'carrera2', 'carrera3', 'carrera4']) {
      const person = await personWithConfirmedContacts(a, tag, [['Luis', 'Díaz']]);
      expect((await startCheckIn(a, person.me, appointment(a, 20))).status).toBe(200);
      people.push({ tag, ...person });
    }
    a.clock.advance(30 * MINUTE);
    const ticks = await Promise.all([workerOf(a).tick(), workerOf(b).tick(), workerOf(a).tick(), workerOf(b).tick()]);
    expect(ticks.reduce((sum, tick) => sum + tick.fired, 0)).toBe(4);
    for (const { tag, emails } of people) {
      expect(await alertsOf(a, `${tag}@example.com`)).toHaveLength(1);
      expect(
        (await mailsTo(a, emails[0]!)).filter((mail) => /^ALERTA: .* no confirmó/.test(mail.subject ?? '')),
      ).toHaveLength(1);
    }
  });

  it('a new instance after a restart fires a check-in that fell due while none ran, once', async () => {
    const { me } = await personWithConfirmedContacts(a, 'reinicio', [['Luis', 'Díaz']]);
    await startCheckIn(a, me, appointment(a, 20));
    const before = workerOf(a);
    a.clock.advance(10 * MINUTE);
    expect((await before.tick()).fired).toBe(0);
    await before.stop();
    // Down while it falls due; then another instance starts.
    a.clock.advance(60 * MINUTE);
    const after = workerOf(b);
    expect((await after.tick()).fired).toBe(1);
    expect((await after.tick()).fired).toBe(0);
    expect((await workerOf(a).tick()).fired).toBe(0);
    expect(await alertsOf(a, 'reinicio@example.com')).toHaveLength(1);
  });
});
