import type { Budget, Measurement } from './types.ts';

/**
 * The calibration (GET an unknown /api path: 404, no database; 100 connections,
 * closed loop, req/s) on a quiet 2-core machine of this kind, with the bench's
 * own load generator: quiet runs read 33,000 to 57,000, runs beside a test suite
 * 17,000 to 28,900. With this reference, the floor below (80% of it) falls between
 * the two. The 15,300 first kept here was a reading of an older load generator:
 * against the present one it judged a machine shared with two test suites.
 */
export const QUIET_CALIBRATION = 38_000;

/**
 * Below this share of the quiet figure, the machine is too busy to judge a
 * timing: other work then holds at least a fifth of the cores the server, its
 * PostgreSQL and the load generator share, and a timing moves by as much as
 * the budgets' margins (a run at 54% of the quiet figure had a p99 twice the quiet one).
 */
export const BUSY_SHARE = 0.8;

/** What the bench knew of the machine around one figure: the calibration before and after it, and the load average. */
export type MachineState = {
  /** req/s of the calibration measured around the figure (the lower of before and after). */
  calibration: number;
  /** `uptime`'s 1-minute load average when the figure began: reported, not judged (see below). */
  load1: number;
  cores: number;
};

export type Verdict = 'pass' | 'FAIL' | 'busy' | null;

/** Bytes and megabytes do not depend on what else runs: those rows are always judged. */
export function dependsOnLoad(unit: Measurement['unit']): boolean {
  return unit !== 'kB' && unit !== 'MB';
}

export function meets(value: number, budget: Budget): boolean {
  return 'max' in budget ? value <= budget.max : value >= budget.min;
}

/**
 * The machine is too busy when the calibration around the figure fell below
 * BUSY_SHARE of the quiet figure, or was not measured at all. The load average
 * is not part of the rule: it trails by a minute and counts the bench's own
 * server, PostgreSQL and Chromium from the figure before, so on a quiet
 * machine it would call the bench itself busy.
 */
export function tooBusy(state: MachineState | undefined): boolean {
  return !state || !(state.calibration >= QUIET_CALIBRATION * BUSY_SHARE);
}

/**
 * A row's verdict: null without a budget; for a timing on a busy machine,
 * 'busy' whatever the value (a pass there is as much chance as a fail);
 * otherwise pass or FAIL on the median.
 */
export function judge(
  median: number,
  unit: Measurement['unit'],
  budget: Budget | undefined,
  state: MachineState | undefined,
): Verdict {
  if (!budget) return null;
  if (dependsOnLoad(unit) && tooBusy(state)) return 'busy';
  return meets(median, budget) ? 'pass' : 'FAIL';
}

/** 0 when every judged row passed, 1 when any failed, 2 when none failed but some could not be judged. */
export function exitCode(verdicts: Verdict[]): 0 | 1 | 2 {
  if (verdicts.includes('FAIL')) return 1;
  return verdicts.includes('busy') ? 2 : 0;
}

export const verdictText = (verdict: Verdict): string =>
  verdict === null ? '' : verdict === 'pass' ? 'pass' : verdict === 'FAIL' ? '**FAIL**' : 'machine too busy to judge';

export const stateText = (state: MachineState | undefined): string =>
  state
    ? `calibration ${state.calibration.toFixed(0)} req/s (${((100 * state.calibration) / QUIET_CALIBRATION).toFixed(0)}% of quiet), load ${state.load1.toFixed(2)} on ${state.cores} cores`
    : 'machine not measured';
