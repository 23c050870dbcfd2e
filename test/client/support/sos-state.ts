import { cleanup } from '@testing-library/react';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { SESSION_STORE_KEY } from '#shared/constants.ts';
import { resetLocation } from '#client/lib/location/location-store.ts';
import { resetPageQueue } from '#client/features/sos/press/page-queue.ts';
import { removeBrowserFakes } from './sos-browser.ts';

/**
 * The SOS modules keep module-level state (as they must in the app): each test starts from none.
 * Their stores reset after every test (reset-stores.ts); this resets what is more than a store.
 */
export async function resetSos(): Promise<void> {
  // Unmounted first: a screen whose lazy chunk arrives late would otherwise mount
  // after the reset and leave its state (say, 'no geolocation') to the next test.
  cleanup();
  resetLocation();
  await resetPageQueue();
  removeBrowserFakes();
  // A token refresh writes the session through to IndexedDB; the next test starts without it.
  await createEncryptedStorage(SESSION_STORE_KEY).remove();
}
