import type { Clock } from '#server/clock.ts';
import { systemClock } from '#server/clock.ts';

export type FakeClock = Clock & { advance(ms: number): void; set(date: Date): void };

/** Time that moves only when a test moves it. */
export function fakeClock(start = new Date('2026-03-01T12:00:00Z')): FakeClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(date) {
      now = date.getTime();
    },
  };
}

/** The system's time, for a test app whose workers must run on it: nothing moves it by hand. */
export const realTime: FakeClock = {
  ...systemClock,
  advance: () => {
    throw new Error('real time moves by itself');
  },
  set: () => {
    throw new Error('real time moves by itself');
  },
};
