// `node --import tsx scripts/bench/probes/smtp-cost.ts [count] [transport module]`: the CPU
// this process spends to send `count` alert-sized e-mails (composed and written over SMTP,
// 20 at a time as the alert lane does) to a counting SMTP listener
// in another process, so that only the sender's side is measured. Without the database and
// the API, and per e-mail, it depends little on what else runs on the machine. To compare
// with an older transport, put that version beside the current one in src/server/mail/
// (`git show <commit>:src/server/mail/transport.ts > src/server/mail/transport-before.ts`)
// and name it as the second argument.
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MailTransport, TransportOptions } from '#server/mail/transport.ts';
import { captureLog } from '#test/support/capture-log.ts';

const count = Number(process.argv[2] ?? 5000);
const modulePath = path.resolve(process.argv[3] ?? 'src/server/mail/transport.ts');
const { createMailTransport } = (await import(modulePath)) as {
  createMailTransport: (options: TransportOptions) => MailTransport;
};

if (process.env.SMTP_COUNTER_CHILD) {
  const { startSmtpCounter } = await import('../load/smtp-counter.ts');
  const counter = await startSmtpCounter();
  process.send?.(counter.url);
} else {
  const child = fork(import.meta.filename, [], {
    env: { ...process.env, SMTP_COUNTER_CHILD: '1' },
    execArgv: ['--import', 'tsx'],
  });
  const url = await new Promise<string>((resolve) => child.once('message', (message) => resolve(String(message))));
  const transport = createMailTransport({
    smtpUrl: url,
    from: 'Botón de Pánico <avisos@example.org>',
    mailDir: '/nonexistent',
    log: captureLog(),
    connections: 20,
  });
  const mail = (i: number) => ({
    id: i,
    to: `contacto${i}@example.org`,
    subject: `Ana Pérez ha activado una alerta de emergencia`,
    text: `Ana Pérez ha pulsado el botón de pánico a las 10:00 del 1 de marzo.\n\nPosición: https://www.openstreetmap.org/?mlat=40.4&mlon=-3.7\n`.repeat(
      6,
    ),
    html: `<p>Ana Pérez ha pulsado el botón de pánico a las 10:00 del 1 de marzo.</p><p><a href="https://www.openstreetmap.org/?mlat=40.4&amp;mlon=-3.7">Posición</a></p>`.repeat(
      6,
    ),
  });
  const run = async (n: number, offset: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < n) {
          const i = offset + next++;
          const result = await transport.send(mail(i), new Date());
          if (!result.ok) throw new Error(result.error);
        }
      }),
    );
  };
  await run(1000, 0); // warm-up: connections, JIT
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(count, 1000);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  console.log(
    `${path.relative(process.cwd(), modulePath)}: ${((cpu.user + cpu.system) / 1000 / count).toFixed(3)} ms of CPU per e-mail (user ${(cpu.user / 1000 / count).toFixed(3)}, system ${(cpu.system / 1000 / count).toFixed(3)}), ${((count / wall) * 1000).toFixed(0)} e-mails/s`,
  );
  transport.close();
  child.kill();
}
