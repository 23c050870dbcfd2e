import type { FaultPlan, TcpFault } from '#test/support/tcp-fault-proxy.ts';

/** mulberry32: a small seeded generator, so that a failing run can be played again with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Share of connections per fault; the rest pass. */
export type FaultRates = Record<Exclude<TcpFault, 'pass'>, number>;

export const DEFAULT_FAULT_RATES: FaultRates = { delay: 0.12, drop: 0.04, reset: 0.08, 'lose-answer': 0.08 };

/**
 * Each fault once first (so every kind is met in every run, however short),
 * then at random with the given rates. Delays range up to twice the phone's
 * live time limit, so some answers arrive in time and some after the phone
 * queued the press.
 */
export function randomFaults(random: () => number, rates: FaultRates, maxDelayMs: number): FaultPlan {
  const first: TcpFault[] = ['reset', 'lose-answer', 'delay', 'drop'];
  return () => {
    const forced = first.shift();
    const delayMs = Math.round(random() * maxDelayMs);
    if (forced) return { fault: forced, delayMs };
    let roll = random();
    for (const [fault, rate] of Object.entries(rates) as [TcpFault, number][]) {
      if (roll < rate) return { fault, delayMs };
      roll -= rate;
    }
    return { fault: 'pass' };
  };
}
