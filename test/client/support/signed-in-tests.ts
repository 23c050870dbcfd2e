import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import type { AuthState } from '#shared/browser/session-state.ts';
import { signIn } from './session.ts';

/**
 * Every test of the file starts signed in (`overrides` tweak the session) with an
 * empty dataLayer, and ends with the fetch stubs, the toasts and the session cleared.
 */
export function signedInForEachTest(overrides: Partial<AuthState> = {}): void {
  beforeEach(() => {
    signIn(overrides);
    window.dataLayer = [];
  });
  afterEach(() => {
    // Unmounted before the stores are cleared, so no screen reacts to the reset.
    cleanup();
    vi.unstubAllGlobals();
    resetAll();
  });
}
