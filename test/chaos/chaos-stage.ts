import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appProcess, type AppProcess } from '#test/support/app-process.ts';
import { freePort } from '#test/support/app-server.ts';
import { startKillablePostgres, type KillablePostgres } from '#test/support/killable-postgres.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from '#test/support/tcp-fault-proxy.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Everything the storm runs on: one PostgreSQL server that can be killed, a
 * real SMTP server that can refuse mail, two app instances (real child
 * processes on fixed ports) and the TCP proxy the phones reach them through.
 */
export type ChaosStage = {
  postgres: KillablePostgres;
  smtp: SmtpSink;
  proxy: TcpFaultProxy;
  apps: AppProcess[];
  /** The instances without the proxy: what the final checks talk to. */
  direct: string[];
  /** Whether PostgreSQL was down (or coming back) at some moment between `from` and `to`. */
  metOutage(from: number, to: number): boolean;
  restarts: { app: number; postgres: number };
  killApp(app: AppProcess, downMs: number): Promise<void>;
  crashPostgres(downMs: number): Promise<void>;
  /** PostgreSQL and both instances at once. */
  powerCut(downMs: number): Promise<void>;
  close(): Promise<void>;
};

const appName = (n: number) => `app ${'AB'[n]}`;

/** The name an instance gives the mail server in its EHLO. */
export const smtpName = (app: string) => `${app.replace(' ', '-').toLowerCase()}.chaos.example`;

/** A supervisor's restart (systemd, a container runtime): try again while the database is still coming back. */
export async function restart(app: AppProcess): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await app.start();
      return;
    } catch (error) {
      if (attempt >= 30) throw error;
      await sleep(300);
    }
  }
}

export async function startChaosStage(): Promise<ChaosStage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bpm-chaos-'));
  const postgres = await startKillablePostgres(dir);
  const smtp = await startSmtpSink();
  const ports = [await freePort(), await freePort()];
  const proxy = await startTcpFaultProxy(ports);
  const env = {
    DATABASE_URL: postgres.url(),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Botón de Pánico <avisos@chaos.example>',
    PUBLIC_URL: proxy.url,
    BUILD_DIR: path.join(dir, 'build'),
    // Both instances must key their hashes alike, as behind any load balancer.
    SECRET: 'chaos-secret-not-for-production-32-bytes-or-more',
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
    RATE_LIMIT_VERIFY_PER_IP: '100000',
    RATE_LIMIT_RESEND_PER_IP: '100000',
    // Check-ins fire at their deadline, and an instance looks every second: they fall due within the storm.
    CHECK_IN_GRACE_MINUTES: '0',
    CHECK_IN_POLL_SECONDS: '1',
  };
  // Each instance greets the mail server with a name of its own: a held message tells which instance sent it.
  const apps = ports.map((port, n) =>
    appProcess(appName(n), port, {
      ...env,
      DATA_DIR: path.join(dir, `app-${n}`),
      SMTP_URL: `${smtp.url}?name=${smtpName(appName(n))}`,
    }),
  );
  const outages: { from: number; to: number }[] = [];
  const restarts = { app: 0, postgres: 0 };

  const outage = async (run: () => Promise<void>) => {
    const window = { from: Date.now(), to: Number.POSITIVE_INFINITY };
    outages.push(window);
    try {
      await run();
    } finally {
      window.to = Date.now();
    }
  };

  // Kills overlap in time, but one process is never killed while another kill is restarting it.
  const lanes = { apps: Promise.resolve(), postgres: Promise.resolve() };
  const exclusive = (names: (keyof typeof lanes)[], run: () => Promise<void>): Promise<void> => {
    const turn = Promise.all(names.map((name) => lanes[name])).then(run);
    for (const name of names) lanes[name] = turn.catch(() => undefined);
    return turn;
  };

  // Together, as after a deploy: migrate.ts's advisory lock lets one migrate while the other waits.
  await Promise.all(apps.map((app) => app.start()));

  return {
    postgres,
    smtp,
    proxy,
    apps,
    direct: ports.map((port) => `http://127.0.0.1:${port}`),
    // Pools notice the new server within a moment of its start.
    metOutage: (from, to) => outages.some((o) => from <= o.to + 1_500 && to >= o.from),
    restarts,
    killApp: (app, downMs) =>
      exclusive(['apps'], async () => {
        await app.kill();
        await sleep(downMs);
        await restart(app);
        restarts.app += 1;
      }),
    crashPostgres: (downMs) =>
      exclusive(['postgres'], () =>
        outage(async () => {
          await postgres.kill();
          await sleep(downMs);
          await postgres.start();
          restarts.postgres += 1;
        }),
      ),
    powerCut: (downMs) =>
      exclusive(['apps', 'postgres'], () =>
        outage(async () => {
          await Promise.all([postgres.kill(), ...apps.map((app) => app.kill())]);
          await sleep(downMs);
          await postgres.start();
          restarts.postgres += 1;
          await Promise.all(apps.map(restart));
          restarts.app += apps.length;
        }),
      ),
    async close() {
      await Promise.all(apps.map((app) => app.stop()));
      await proxy.close();
      await smtp.close();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
