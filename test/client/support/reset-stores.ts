import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetAllStores } from '#client/lib/create-store.ts';

// Each test starts from a page that has just opened: nothing rendered, every module store
// (session, press, toasts...) at its start. Unmounted first, so no screen reacts to the reset.
// Stores with more than a value (the location watch, held requests, the stored session) still
// have their own reset, which the tests that use them call.
afterEach(() => {
  cleanup();
  resetAllStores();
});
