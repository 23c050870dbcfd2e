import { afterEach, describe, expect, it } from 'vitest';
import { getAppUpdateState, resetAppUpdate } from '#client/lib/app-update/app-update-store.ts';
import { registerAndWatch } from '#client/lib/register-service-worker.ts';

// A blocked service worker (the browser's policy, a privacy add-on, Playwright's serviceWorkers:
// 'block') may hand back no registration, refuse, or throw at once. The app works without a worker:
// none of these may become a page error, and nothing may offer an update or say it works offline.

afterEach(() => resetAppUpdate());

const nothingOffered = { updateReady: false, offlineReady: false };

describe('registering the service worker where it is blocked', () => {
  it('takes a registration that resolves to nothing quietly', async () => {
    await expect(registerAndWatch(async () => undefined)).resolves.toBeUndefined();
    expect(getAppUpdateState()).toEqual(nothingOffered);
  });

  it('takes a refused registration quietly', async () => {
    const refused = () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
    await expect(registerAndWatch(refused)).resolves.toBeUndefined();
    expect(getAppUpdateState()).toEqual(nothingOffered);
  });

  it('takes a register that throws at once quietly', async () => {
    const throws = (): Promise<ServiceWorkerRegistration> => {
      throw new TypeError('navigator.serviceWorker.register is not a function');
    };
    await expect(registerAndWatch(throws)).resolves.toBeUndefined();
    expect(getAppUpdateState()).toEqual(nothingOffered);
  });
});
