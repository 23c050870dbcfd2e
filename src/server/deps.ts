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
};
