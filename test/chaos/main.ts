// `npm run test:chaos`: the full chaos run, printing its counts; exits 1 on any loss.
// `-- --quick` runs the smaller scenario of `npm test`; `-- --seed=N` plays a run's randomness again.
import { runChaos } from './chaos-run.ts';
import { runPowerCut } from './power-cut.ts';
import { runSenderKilled } from './sender-killed.ts';
import { failures, formatCounts } from './report.ts';
import { fullChaos, quickChaos } from './scenarios.ts';

const quick = process.argv.includes('--quick');
const seed = Number(/--seed=(\d+)/.exec(process.argv.join(' '))?.[1] ?? Date.now() % 1_000_000);
const t0 = Date.now();
const log = (line: string) =>
  process.stdout.write(`  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${line}\n`);

process.stdout.write(`chaos run (${quick ? 'quick' : 'full'}), seed ${seed}\n`);
let failed = false;
for (const counts of await runChaos({ ...(quick ? quickChaos : fullChaos), seed, log })) {
  process.stdout.write(`${formatCounts(counts)}\n`);
  const found = failures(counts);
  failed ||= found.length > 0;
  process.stdout.write(found.length > 0 ? `FAILED: ${found.join('; ')}\n\n` : 'passed\n\n');
}

const senderKilled = await runSenderKilled(log);
process.stdout.write(
  `== an instance killed while the mail server has its SOS start\n${senderKilled.lines.join('\n')}\n`,
);
failed ||= senderKilled.failures.length > 0;
process.stdout.write(
  senderKilled.failures.length > 0 ? `FAILED: ${senderKilled.failures.join('; ')}\n\n` : 'passed\n\n',
);

const powerCut = await runPowerCut(log);
process.stdout.write(`== npm start after a power cut (no DATABASE_URL)\n${powerCut.lines.join('\n')}\n`);
failed ||= powerCut.failures.length > 0;
process.stdout.write(powerCut.failures.length > 0 ? `FAILED: ${powerCut.failures.join('; ')}\n` : 'passed\n');
process.stdout.write(`total ${Math.round((Date.now() - t0) / 1000)} s\n`);
process.exit(failed ? 1 : 0);
