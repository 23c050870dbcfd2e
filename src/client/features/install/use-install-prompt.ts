import { useSyncExternalStore } from 'react';
import { getInstallPrompt, subscribeToInstallPrompt, type BeforeInstallPromptEvent } from './install-prompt.ts';

/** The captured install offer, or null when the browser made none (or it was answered). */
export function useInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(subscribeToInstallPrompt, getInstallPrompt, () => null);
}
