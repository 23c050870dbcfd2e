import type { RunningApp } from '#test/support/app-server.ts';
import type { FaultProxy } from '#test/support/fault-proxy.ts';
import type { MachineState } from './verdict.ts';

/** A budget a figure must meet: at most `max`, or at least `min`, judged on the median. */
export type Budget = { max: number } | { min: number };

/** One line of the table: repeated measurements of one thing, in one unit. */
export type Measurement = {
  /** The figure number and a short name, e.g. '4. SOS press'. */
  figure: string;
  what: string;
  unit: 'kB' | 'ms' | 'req/s' | 'mails/s' | 'MB' | 'count' | '%' | 'score';
  samples: number[];
  budget?: Budget;
  /** How it was measured, when the table alone would not say (throttling, configuration). */
  note?: string;
  /** The machine around the figure (set by bench.ts): a timing is judged only on a quiet one. */
  machine?: MachineState;
};

export type BenchContext = {
  /** The app, reached through `proxy` (app.url is the proxy's address). */
  app: RunningApp;
  /** In front of the app like a load balancer: it sees when each request arrives and is answered. */
  proxy: FaultProxy;
  quick: boolean;
  /** How many times a browser figure is repeated (its median is reported). */
  runs: number;
};

export type Figure = (context: BenchContext) => Promise<Measurement[]>;
