import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ParsedMail } from 'mailparser';
import { restart, sleep, smtpName, startChaosStage } from './chaos-stage.ts';
import { callApi, signUpPeople, type Person } from './people.ts';

export type SenderKilledResult = { lines: string[]; failures: string[] };

const STARTED = /está en riesgo$/;
const ENDED = /finalizó su alerta SOS$/;

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address);

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

const press = (baseUrl: string, person: Person, status: '1' | '2') =>
  callApi(baseUrl, 'PUT', 'active-button', {
    token: person.token,
    body: {
      alert_status: status,
      ...(status === '1' ? { latitude: '19.432608', longitude: '-99.133209' } : { latitude: '', longitude: '' }),
      timezone: 'America/Mexico_City',
      pressed_at: new Date().toISOString(),
    },
    headers: { 'idempotency-key': randomUUID() },
  });

/**
 * The one moment the storm meets only by chance: the instance that sends an
 * SOS start is SIGKILLed after the mail server has the message and before the
 * instance records it as sent. The person then ends the alert through the
 * other instance, before anybody sent the start again. The contact has the
 * start, so the end must reach them too; the start may come twice (the window
 * in which a crash repeats an e-mail), and nothing may stay in the outbox.
 */
export async function runSenderKilled(log: (line: string) => void): Promise<SenderKilledResult> {
  const stage = await startChaosStage();
  const failures: string[] = [];
  const lines: string[] = [];
  try {
    const [person] = await signUpPeople(stage.direct[0]!, stage.smtp, 1, 1);
    const contact = person!.contacts[0]!;
    const from = stage.smtp.received.length;
    stage.smtp.hold = (mail) => STARTED.test(mail.subject ?? '') && addressOf(mail) === contact;
    log('SOS pressed; the mail server holds its start');
    const started = await press(stage.direct[0]!, person!, '1');
    if (started.status !== 200) failures.push(`press answered ${started.status}`);
    if (!(await until(() => stage.smtp.held.length === 1, 30_000)))
      throw new Error('the start never reached the mail server');

    const sender = stage.apps.find((app) => smtpName(app.name) === stage.smtp.heldFrom[0]);
    const other = stage.apps.find((app) => app !== sender);
    if (!sender || !other) throw new Error(`no instance greeted the mail server as ${stage.smtp.heldFrom[0]}`);
    log(`SIGKILL ${sender.name}, which is sending the start`);
    await sender.kill();
    log(`the person ends the alert through ${other.name}`);
    const ended = await press(stage.direct[stage.apps.indexOf(other)]!, person!, '2');
    if (ended.status !== 200) failures.push(`end answered ${ended.status}`);
    // The mail server had the start before the instance died: the contact has it.
    stage.smtp.hold = undefined;
    stage.smtp.release();
    await restart(sender);

    const db = new pg.Client({ connectionString: stage.postgres.url() });
    await db.connect();
    try {
      const emptied = await until(
        async () =>
          Number(
            (await db.query<{ n: string }>("select count(*) as n from outbox where status = 'pending'")).rows[0]?.n,
          ) === 0,
        30_000,
      );
      if (!emptied) failures.push('outbox: e-mails still pending after 30 s');
      const withdrawn = await db.query(
        "select 1 from outbox where status = 'cancelled' and kind = 'alert-started' and recipient = $1",
        [contact],
      );
      if ((withdrawn.rowCount ?? 0) > 0) failures.push('the start the contact received was withdrawn by the end');
    } finally {
      await db.end();
    }
    // Whatever else is on its way has had the outbox's time to arrive.
    const mails = stage.smtp.received.slice(from).filter((mail) => addressOf(mail) === contact);
    const starts = mails.filter((mail) => STARTED.test(mail.subject ?? '')).length;
    const ends = mails.filter((mail) => ENDED.test(mail.subject ?? '')).length;
    lines.push(`starts received       ${starts} (a crash in that window may repeat it once)`);
    lines.push(`ends received         ${ends}`);
    if (starts < 1 || starts > 2) failures.push(`starts received: ${starts}`);
    if (ends !== 1) failures.push(`ends received: ${ends}, the contact got the start`);
  } finally {
    // A held message keeps its connection, and the mail server would wait for it to close.
    stage.smtp.hold = undefined;
    stage.smtp.release();
    await stage.close();
  }
  return { lines, failures };
}
