import type { Measurement } from '../types.ts';
import { percentile } from './percentile.ts';

/**
 * A latency figure's runs: each run's p95 and p50 of its samples (Infinity for
 * one that never came), reported as two lines, the p95 held to the budget.
 */
export function runPercentiles() {
  const p95: number[] = [];
  const p50: number[] = [];
  return {
    /** One run's samples, in ms. */
    add(samples: number[]): void {
      p95.push(percentile(samples, 95));
      p50.push(percentile(samples, 50));
    },
    /** `what` names the delay measured ('press to the SOS e-mail accepted'); `note` says how, on the p95 line. */
    measurements(figure: string, what: string, maxMs: number, note: string): Measurement[] {
      return [
        { figure, what: `${what}: p95 of a run`, unit: 'ms', samples: p95, budget: { max: maxMs }, note },
        { figure, what: `${what}: p50 of a run`, unit: 'ms', samples: p50 },
      ];
    },
  };
}
