/** Every piece of code that needs the time asks this, so tests can move time by hand. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
