import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from '#shared/settled-within.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('settledWithin', () => {
  it("gives the work's value when it settles in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const answer = settledWithin(Promise.resolve('sent'), 3_000, 'late');
    await expect(answer).resolves.toBe('sent');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the fallback once the time is up, and the work still gives its value to whoever awaits it', async () => {
    vi.useFakeTimers();
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => (finish = resolve));
    const answer = settledWithin(work, 3_000, 'late');
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('late');
    finish('sent');
    await expect(work).resolves.toBe('sent');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on the work's failure when it fails in time", async () => {
    vi.useFakeTimers();
    await expect(settledWithin(Promise.reject(new Error('sin red')), 3_000, 'late')).rejects.toThrow('sin red');
    expect(vi.getTimerCount()).toBe(0);
  });
});
