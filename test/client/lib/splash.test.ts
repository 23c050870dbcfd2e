import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTORE_TIMEOUT_MS } from '#shared/constants.ts';
import { withRestoreTimeout } from '#client/lib/splash.ts';

afterEach(() => vi.useRealTimers());

describe('start-up restore', () => {
  it('stops waiting for a stuck restore after 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    void withRestoreTimeout(new Promise(() => undefined)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(RESTORE_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('goes on at once when the restore finishes, even if it failed', async () => {
    await expect(withRestoreTimeout(Promise.reject(new Error('IndexedDB unavailable')))).resolves.toBeUndefined();
  });
});
