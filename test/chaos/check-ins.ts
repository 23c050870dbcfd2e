import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import { sleep } from './chaos-stage.ts';
import { callApi, type ApiReply, type Person } from './people.ts';

/** One person's check-in in a storm: when it falls due and whether they say 'Estoy bien' first. */
export type CheckInPlan = {
  person: Person;
  dueAt: number;
  /** When the person says 'Estoy bien' (before the deadline), or undefined: it must fire. */
  okAt: number | undefined;
  /** The API's last word on the start and on 'Estoy bien' ('refused' when no instance ever answered 200). */
  started?: 'running' | 'refused';
  closed?: 'closed' | 'fired' | 'refused';
};

export type CheckInCounts = {
  /** Check-ins the API accepted (started and running). */
  checkInsSet: number;
  /** Of those, the ones nobody closed in time: each must fire once. */
  checkInsDue: number;
  /** Due check-ins marked fired with exactly one alert of their own, started by the check-in (the e-mails are counted apart). */
  checkInsFired: number;
  /** Due check-ins with no alert, or not marked fired. */
  checkInsLost: number;
  /** Alerts beyond the one a due check-in makes (a second fire). */
  checkInsDoubled: number;
  /** Closed with 'Estoy bien' before the deadline, and so never fired. */
  checkInsClosed: number;
  /** Closed in time, fired anyway (an alert or a missed-check-in e-mail). */
  checkInsFiredAfterOk: number;
  /**
   * 'Estoy bien' that reached an instance only after the deadline (both were down
   * when it was sent): rightly fired, then closed; judged with the due ones.
   */
  checkInsOkLate: number;
  /** Starts or 'Estoy bien' that no instance ever answered with 200 (or a start not answered 'running'). */
  checkInCallsRefused: number;
  checkInEmailsExpected: number;
  checkInEmailsMissing: number;
  /** Copies beyond the first of one missed-check-in e-mail (counted against the crashes' allowance). */
  checkInEmailsDuplicated: number;
};

/**
 * A phone's request, kept until an instance answers it: the same Idempotency-Key
 * to one instance and then the other while they are killed, as the offline
 * queue replays it. Gives up after `forMs` without a 2xx or a 4xx.
 */
async function untilAnswered(
  direct: string[],
  call: (baseUrl: string) => Promise<ApiReply>,
  forMs: number,
): Promise<ApiReply | undefined> {
  const deadline = Date.now() + forMs;
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    try {
      const reply = await call(direct[attempt % direct.length]!);
      if (reply.status < 500) return reply;
    } catch {
      // The instance is down or was killed mid-request: the next one, in a moment.
    }
    await sleep(150);
  }
  return undefined;
}

/** 'Estoy bien' goes this long before the deadline: time for its replays to outlast most kills. */
const OK_AHEAD_MS = 6_000;

/**
 * `people` set check-ins that fall due over `spanMs` from `stormAt` (the storm's start); every
 * `okEvery`-th will say 'Estoy bien' 6 s before its deadline. Resolves once every start has its
 * answer: sent before the storm, so that a start never meets its first kill on a slow machine.
 */
export async function setCheckIns(
  direct: string[],
  people: Person[],
  stormAt: number,
  spanMs: number,
  okEvery: number,
): Promise<CheckInPlan[]> {
  const plans: CheckInPlan[] = people.map((person, n) => {
    const ok = n % okEvery === okEvery - 1;
    // Due from 1 s into the storm; those closed in time are closed from 1 s on.
    const dueAt =
      stormAt + (ok ? 1_000 + OK_AHEAD_MS : 1_000) + ((n + 0.5) * Math.max(spanMs - 1_000, 1_000)) / people.length;
    return { person, dueAt, okAt: ok ? dueAt - OK_AHEAD_MS : undefined };
  });
  await Promise.all(
    plans.map(async (plan) => {
      const key = randomUUID();
      const body = {
        purpose: 'cita-inmigracion',
        place: 'Oficina de inmigración',
        due_at: new Date(plan.dueAt).toISOString(),
        timezone: 'America/Chicago',
      };
      const started = await untilAnswered(
        direct,
        (url) =>
          callApi(url, 'POST', 'check-ins', { token: plan.person.token, body, headers: { 'idempotency-key': key } }),
        plan.dueAt - Date.now() - 200,
      );
      plan.started =
        started?.status === 200 && (started.message as { status?: string }).status === 'running'
          ? 'running'
          : 'refused';
    }),
  );
  return plans;
}

/** 'Estoy bien' from those of `plans` that say it, each at its time, during the storm. Resolves once each has its answer. */
export async function closeInTime(direct: string[], plans: CheckInPlan[]): Promise<CheckInPlan[]> {
  await Promise.all(
    plans.map(async (plan) => {
      if (plan.okAt === undefined || plan.started !== 'running') return;
      await sleep(plan.okAt - Date.now());
      const okKey = randomUUID();
      const closed = await untilAnswered(
        direct,
        (url) =>
          callApi(url, 'PUT', 'check-ins/current', {
            token: plan.person.token,
            body: { action: 'ok' },
            headers: { 'idempotency-key': okKey },
          }),
        // As the phone's queue does: until an instance answers, however long that takes.
        60_000,
      );
      const status = closed?.status === 200 ? (closed.message as { status?: string }).status : undefined;
      plan.closed = status === 'closed' || status === 'fired' ? status : 'refused';
    }),
  );
  return plans;
}

const MISSED = / no confirmó que está bien$/;
const MISSED_AGAIN = / tampoco confirmó que está bien$/;
const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? '' : (mail.to?.value[0]?.address ?? ''));

/** Waits until every due check-in of `plans` fired (or `timeoutMs` passed) and the deadlines of the rest are well past. */
export async function waitForCheckIns(db: pg.Client, plans: CheckInPlan[], timeoutMs: number): Promise<void> {
  const due = plans
    .filter((plan) => plan.started === 'running' && plan.closed !== 'closed')
    .map((plan) => plan.person.email);
  const lastDeadline = Math.max(0, ...plans.map((plan) => plan.dueAt));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: string }>(
      "select count(*) as n from check_ins c join users u on u.id = c.user_id where c.status = 'fired' and u.email = any($1)",
      [due],
    );
    // Two poll intervals past the last deadline: time for a wrongly fired one to show.
    if (Number(rows[0]?.n) >= due.length && Date.now() > lastDeadline + 2_500) return;
    await sleep(100);
  }
}

/** What the database and the mail server hold for one phase's check-ins, judged against what the API said. */
export async function judgeCheckIns(
  db: pg.Client,
  plans: CheckInPlan[],
  received: ParsedMail[],
  since: Date,
): Promise<CheckInCounts> {
  const emails = plans.map((plan) => plan.person.email);
  const checkIns = (
    await db.query<{ email: string; id: string; status: string; fired_alert_id: string | null }>(
      'select u.email, c.id, c.status, c.fired_alert_id from check_ins c join users u on u.id = c.user_id where u.email = any($1) and c.created_at >= $2',
      [emails, since],
    )
  ).rows;
  const alerts = (
    await db.query<{ email: string; id: string; trigger: string; check_in_id: string | null }>(
      'select u.email, a.id, a.trigger, a.check_in_id from alerts a join users u on u.id = a.user_id where u.email = any($1) and a.started_at >= $2',
      [emails, since],
    )
  ).rows;
  const missed = new Map<string, number>();
  for (const mail of received) {
    if (MISSED.test(mail.subject ?? '') || MISSED_AGAIN.test(mail.subject ?? ''))
      missed.set(addressOf(mail), (missed.get(addressOf(mail)) ?? 0) + 1);
  }

  const counts: CheckInCounts = {
    checkInsSet: 0,
    checkInsDue: 0,
    checkInsFired: 0,
    checkInsLost: 0,
    checkInsDoubled: 0,
    checkInsClosed: 0,
    checkInsFiredAfterOk: 0,
    checkInsOkLate: 0,
    checkInCallsRefused: 0,
    checkInEmailsExpected: 0,
    checkInEmailsMissing: 0,
    checkInEmailsDuplicated: 0,
  };
  for (const plan of plans) {
    const email = plan.person.email;
    const theirs = alerts.filter((alert) => alert.email === email);
    const rows = checkIns.filter((row) => row.email === email);
    const mails = plan.person.contacts.map((contact) => missed.get(contact) ?? 0);
    if (plan.started !== 'running' || plan.closed === 'refused') {
      counts.checkInCallsRefused += 1;
      continue;
    }
    if (plan.closed === 'fired') counts.checkInsOkLate += 1;
    counts.checkInsSet += 1;
    if (plan.closed === 'closed') {
      const fired = theirs.length > 0 || mails.some((n) => n > 0) || rows.some((row) => row.status !== 'closed');
      if (fired) counts.checkInsFiredAfterOk += 1;
      else counts.checkInsClosed += 1;
      continue;
    }
    counts.checkInsDue += 1;
    const [row] = rows;
    const [alert] = theirs;
    counts.checkInsDoubled += Math.max(0, theirs.length - 1);
    counts.checkInEmailsExpected += mails.length;
    counts.checkInEmailsMissing += mails.filter((n) => n === 0).length;
    counts.checkInEmailsDuplicated += mails.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    // A late 'Estoy bien' closed it after it fired.
    const firedOnce =
      rows.length === 1 &&
      row?.status === (plan.closed === 'fired' ? 'closed' : 'fired') &&
      alert !== undefined &&
      row.fired_alert_id === alert.id &&
      alert.trigger === 'missed-check-in' &&
      alert.check_in_id === row.id;
    if (firedOnce) counts.checkInsFired += 1;
    else counts.checkInsLost += 1;
  }
  return counts;
}
