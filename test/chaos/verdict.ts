import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import { zonePlaceEs } from '#shared/zone-place.ts';
import type { Person } from './people.ts';
import type { Press } from './simulated-phone.ts';

/** What the database and the mail server hold after a run, judged against what the phones were told. */
export type Verdict = {
  presses: number;
  answered: number;
  queued: number;
  /** Presses the page was told failed (neither sent nor queued), replays the server refused for good, or any 401. */
  refused: number;
  /** SOS presses seen answered or queued that are not an alert of their own. */
  alertsLost: number;
  /** Alerts nobody pressed for (a second alert for one press). */
  alertsDoubled: number;
  /** Ends seen answered or queued whose alert is not ended by them. */
  endsLost: number;
  emailsExpected: number;
  /** Alert or end e-mails a confirmed contact never received. */
  emailsMissing: number;
  /** Copies beyond the first of one e-mail. */
  emailsDuplicated: number;
  /** Alert e-mails nobody should have received (a position e-mail, an unknown alert). */
  emailsUnexpected: number;
  /**
   * Starts received by a contact whose start the end then withdrew: that contact never hears
   * the end. A sender commits its claim before it hands a start over, and an end withdraws only
   * rows never claimed, so even a sender killed right after the mail server took the start leaves none.
   */
  emailsAfterWithdrawal: number;
  outboxStuck: number;
};

type Alert = { id: string; user_id: string; status: string };

/** The zone each cycle of presses uses, which the e-mails print: it tells the alerts of one person apart. */
export function zoneOfCycle(cycle: number): string {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'));
  const zone = zones[(cycle * 37) % zones.length];
  if (!zone) throw new Error('no time zones');
  return zone;
}

const alertIdOf = (reply: unknown) => (reply as { alert_id?: string | null } | null)?.alert_id ?? null;

function mailKey(mail: ParsedMail): string | undefined {
  const to = Array.isArray(mail.to) ? '' : (mail.to?.value[0]?.address ?? '');
  const subject = mail.subject ?? '';
  const kind = /está en riesgo$/.test(subject)
    ? 'started'
    : /finalizó su alerta SOS$/.test(subject)
      ? 'ended'
      : /^ALERTA SOS/.test(subject)
        ? 'other'
        : undefined;
  if (!kind) return undefined;
  const zone = /\(hora de ([^)]+)\)/.exec(mail.text ?? '')?.[1] ?? '?';
  return `${to}|${kind}|${zone}`;
}

/** `presses` and `received` are one phase's; `since` is when it began (the alerts of earlier phases are theirs). */
export async function judge(
  db: pg.Client,
  people: Person[],
  presses: Press[],
  received: ParsedMail[],
  since: Date,
): Promise<Verdict> {
  const users = new Map(
    (await db.query<{ id: string; email: string }>('select id, email from users')).rows.map((r) => [r.email, r.id]),
  );
  // The alerts of these people only: the check-ins' people are judged apart (check-ins.ts).
  const pressing = people.map((person) => users.get(person.email)).filter((id) => id !== undefined);
  const alerts = new Map(
    (
      await db.query<Alert>('select id, user_id, status from alerts where started_at >= $1 and user_id = any($2)', [
        since,
        pressing,
      ])
    ).rows.map((r) => [r.id, r]),
  );
  const requests = new Map(
    (
      await db.query<{ user_id: string; idempotency_key: string; reply: unknown }>(
        "select user_id, idempotency_key, reply from idempotency_keys where kind = 'alert'",
      )
    ).rows.map((r) => [`${r.user_id}|${r.idempotency_key}`, r.reply]),
  );
  // Withdrawn ('cancelled') rows are done too: an alert ended before its start left a contact.
  const stuck = await db.query<{ n: string }>(
    "select count(*) as n from outbox where status not in ('sent', 'cancelled')",
  );
  // The contacts an alert's start never left for, because its end came first: they hear of neither.
  const withdrawn = new Set(
    (
      await db.query<{ alert_id: string; recipient: string }>(
        "select alert_id, recipient from outbox where status = 'cancelled' and kind = 'alert-started' and alert_id = any($1)",
        [[...alerts.keys()]],
      )
    ).rows.map((r) => `${r.alert_id}|${r.recipient}`),
  );

  const seen = presses.filter((p) => p.seen === 'answered' || p.seen === 'queued');
  const refused = presses.filter((p) => p.seen === 'refused' || (p.rejected ?? 0) > 0 || p.unauthorized > 0).length;
  const expectedMail = new Map<string, number>();
  const claimed = new Set<string>();
  const startOf = new Map<string, string>();
  const withdrawnKeys = new Set<string>();
  let alertsLost = 0;
  for (const press of seen.filter((p) => p.status === '1')) {
    const person = people[press.user];
    const userId = person && users.get(person.email);
    const id = alertIdOf(requests.get(`${userId}|${press.key}`));
    if (!person || !id || !alerts.has(id) || claimed.has(id)) {
      alertsLost += 1;
      continue;
    }
    claimed.add(id);
    startOf.set(`${press.user}|${press.cycle}`, id);
    // As the e-mail names it to a person: the place, in Spanish ('hora de Nueva York').
    const zone = zonePlaceEs(zoneOfCycle(press.cycle));
    for (const contact of person.contacts) {
      // Nothing expected: the cycle was coalesced for that contact.
      if (withdrawn.has(`${id}|${contact}`)) {
        withdrawnKeys.add(`${contact}|started|${zone}`);
        continue;
      }
      expectedMail.set(`${contact}|started|${zone}`, 0);
      expectedMail.set(`${contact}|ended|${zone}`, 0);
    }
  }
  let endsLost = 0;
  for (const press of seen.filter((p) => p.status === '2')) {
    const userId = users.get(people[press.user]?.email ?? '');
    const id = alertIdOf(requests.get(`${userId}|${press.key}`));
    if (!id || id !== startOf.get(`${press.user}|${press.cycle}`) || alerts.get(id)?.status !== 'ended') endsLost += 1;
  }

  let emailsUnexpected = 0;
  let emailsAfterWithdrawal = 0;
  for (const mail of received) {
    const key = mailKey(mail);
    if (key === undefined) continue;
    const count = expectedMail.get(key);
    if (count !== undefined) expectedMail.set(key, count + 1);
    else if (withdrawnKeys.has(key)) emailsAfterWithdrawal += 1;
    else emailsUnexpected += 1;
  }
  const counts = [...expectedMail.values()];
  return {
    presses: presses.length,
    answered: presses.filter((p) => p.seen === 'answered').length,
    queued: presses.filter((p) => p.seen === 'queued').length,
    refused,
    alertsLost,
    alertsDoubled: [...alerts.keys()].filter((id) => !claimed.has(id)).length,
    endsLost,
    emailsExpected: counts.length,
    emailsMissing: counts.filter((n) => n === 0).length,
    emailsDuplicated: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    emailsUnexpected,
    emailsAfterWithdrawal,
    outboxStuck: Number(stuck.rows[0]?.n ?? 0),
  };
}
