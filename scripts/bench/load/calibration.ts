import { cpus, loadavg } from 'node:os';
import type { RunningApp } from '#test/support/app-server.ts';
import type { MachineState } from '../verdict.ts';
import { runClosedLoop } from './closed-loop.ts';
import type { LoadRequest } from './load-request.ts';

export const unknownApiPath = (): LoadRequest => ({ method: 'GET', path: '/api/bench-calibration', headers: {} });

/**
 * The calibration row's measurement, short: what HTTP alone gets from the app
 * (straight to its port, not through the proxy), 100 connections. A second
 * first warms the server's code, so a fresh server is not read as a busy machine.
 */
export async function calibrate(app: RunningApp, seconds = 3): Promise<number> {
  const url = `http://127.0.0.1:${app.port}`;
  await runClosedLoop({ url, connections: 100, seconds: 1, next: unknownApiPath, expectStatus: 404 });
  return (await runClosedLoop({ url, connections: 100, seconds, next: unknownApiPath, expectStatus: 404 })).perSecond;
}

export const load1 = (): number => loadavg()[0] ?? 0;

/** The machine around a figure: the lower of the calibrations before and after it, the load average it began with. */
export function machineState(before: number, after: number, loadAtStart: number): MachineState {
  return { calibration: Math.min(before, after), load1: loadAtStart, cores: cpus().length };
}
