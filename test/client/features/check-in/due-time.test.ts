import { describe, expect, it } from 'vitest';
import { dueAt, timeLeftText } from '#client/features/check-in/due-time.ts';

// The deadline choices read in the phone's own time zone.

describe('the deadline of a check-in', () => {
  const now = new Date(2026, 10, 23, 21, 30);

  it('adds 1, 2 or 4 hours to now', () => {
    expect(dueAt('1h', now)?.getTime()).toBe(now.getTime() + 60 * 60_000);
    expect(dueAt('2h', now)?.getTime()).toBe(now.getTime() + 2 * 60 * 60_000);
    expect(dueAt('4h', now)?.getTime()).toBe(now.getTime() + 4 * 60 * 60_000);
  });

  it('reads a time today or tomorrow on the local clock', () => {
    expect(dueAt('time', now, '23:15', 'today')).toEqual(new Date(2026, 10, 23, 23, 15));
    expect(dueAt('time', now, '08:05', 'tomorrow')).toEqual(new Date(2026, 10, 24, 8, 5));
    expect(dueAt('time', now, '', 'today')).toBeNull();
    expect(dueAt('time', now, '25:00', 'today')).toBeNull();
  });

  it('says the time left in hours and minutes', () => {
    const at = now.getTime();
    expect(timeLeftText(at + 65 * 60_000, at)).toBe('1 h 05 min');
    expect(timeLeftText(at + 12 * 60_000 + 30_000, at)).toBe('12 min');
    expect(timeLeftText(at + 20_000, at)).toBe('menos de 1 min');
    expect(timeLeftText(at - 60_000, at)).toBe('menos de 1 min');
  });
});
