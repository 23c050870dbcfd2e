import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appProcess } from '#test/support/app-process.ts';
import { freePort } from '#test/support/app-server.ts';
import { killProcessTree } from '#test/support/killable-postgres.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import { callApi, mailTo, signUpPeople } from './people.ts';
import { sameAnswer } from './same-answer.ts';

export type PowerCutResult = { lines: string[]; failures: string[] };

/** The postmaster's pid, from the lock file PostgreSQL keeps in its data directory. */
async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/**
 * After a reboot the pid in a stale postmaster.pid may belong to any process of the
 * cluster's owner. We play that by writing the pid of a harmless process of that
 * user into the file.
 */
async function lendPidToBystander(dataDir: string) {
  const owner =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
      : {};
  const bystander = spawn('sleep', ['600'], { ...owner, stdio: 'ignore' });
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  const lines = (await readFile(file, 'utf8')).split('\n');
  lines[0] = String(bystander.pid);
  await writeFile(file, lines.join('\n'));
  return bystander;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * What `npm start` meets after a crash: the app runs its own embedded PostgreSQL
 * (no DATABASE_URL) under DATA_DIR. First only the app is SIGKILLed (PostgreSQL
 * lives on, orphaned), then the app and PostgreSQL together, leaving a stale
 * postmaster.pid whose pid, as after a reboot, now belongs to another process of
 * the same user. Each time the app must start again on the same data, with the
 * alert, the session and the queued e-mails where they were, and harm nobody.
 */
export async function runPowerCut(log: (line: string) => void): Promise<PowerCutResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bpm-power-cut-'));
  const smtp = await startSmtpSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = appProcess('app', port, {
    DATA_DIR: dir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    BUILD_DIR: path.join(dir, 'build'),
  });
  const lines: string[] = [];
  const failures: string[] = [];
  const check = (what: string, ok: boolean) => {
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failures.push(what);
  };
  try {
    await app.start();
    const [person] = await signUpPeople(base, smtp, 1);
    if (!person) throw new Error('no person');
    const press = (status: '1' | '2', key: string) =>
      callApi(base, 'PUT', 'active-button', {
        token: person.token,
        body: { alert_status: status, latitude: '', longitude: '', timezone: 'America/Chicago' },
        headers: { 'idempotency-key': key },
      });
    const contact = person.contacts[0] ?? '';

    const first = randomUUID();
    const started = await press('1', first);
    const pid = await postmasterPid(dir);
    log('SIGKILL the app alone');
    await app.kill();
    check('PostgreSQL outlives the app killed alone', isAlive(pid));
    const t1 = Date.now();
    await app.start().then(
      () => check(`the app starts again over its orphaned PostgreSQL (${Date.now() - t1} ms)`, true),
      () => check('the app starts again over its orphaned PostgreSQL', false),
    );
    check('the session and the alert survive', sameAnswer(await press('1', first), started));
    await mailTo(smtp, contact, /está en riesgo/).then(
      () => check('the alert e-mail went out', true),
      () => check('the alert e-mail went out', false),
    );

    // The end is committed, and its e-mail still queued, when the power goes.
    smtp.refuse = true;
    const end = randomUUID();
    const ended = await press('2', end);
    log(
      'power cut: SIGKILL the app and its PostgreSQL; after the reboot the old pid belongs to another process of the same user',
    );
    await Promise.all([app.kill(), killProcessTree(await postmasterPid(dir))]);
    smtp.refuse = false;
    const bystander = await lendPidToBystander(dir);
    const beside = await app.start().then(
      () => true,
      () => false,
    );
    check(
      'that process is left alone (pg_ctl used to send it SIGINT)',
      bystander.exitCode === null && bystander.signalCode === null,
    );
    lines.push(
      `info PostgreSQL ${beside ? 'started beside it' : 'refuses to start while that pid lives (its own lock-file rule)'}`,
    );
    bystander.kill();
    await new Promise((resolve) => bystander.once('exit', resolve));
    if (!beside) {
      const t2 = Date.now();
      await app.start().then(
        () =>
          check(`the app starts again over the stale postmaster.pid, after WAL recovery (${Date.now() - t2} ms)`, true),
        () => check('the app starts again over the stale postmaster.pid', false),
      );
    }
    check('the ended alert is still ended, answered as the first time', sameAnswer(await press('2', end), ended));
    await mailTo(smtp, contact, /finalizó su alerta/, 30_000).then(
      () => check('the end e-mail queued before the power cut went out after it', true),
      () => check('the end e-mail queued before the power cut went out after it', false),
    );

    const leaks = app
      .output()
      .split('\n')
      .filter((line) => [person.email, person.token, contact].some((secret) => line.includes(secret)));
    check('no address or token in the log', leaks.length === 0);
  } catch (error) {
    failures.push(String(error));
    lines.push(app.output());
  } finally {
    await app.stop();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  }
  return { lines, failures };
}
