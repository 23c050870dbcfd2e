import type { AlertStarter } from './alerts/start-alert-at-once.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Log } from './log.ts';

/** Everything the HTTP app needs from outside; main.ts and the tests build it. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  log: Log;
  /**
   * Writes a press that starts an alert in one statement when it can
   * (startAlertAtOnce, the default). Declining (undefined) is always allowed:
   * the transaction path handles every case, so the tests reach that path on
   * purpose by passing one that declines.
   */
  alertStarter?: AlertStarter;
};
