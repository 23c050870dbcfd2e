import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { getPinQuestions, subscribePinQuestions } from '#client/lib/pins/pin-prompt-store.ts';

// Fetched only when a guarded action asks for the PIN: out of every first download (home's budget).
const PinPrompt = lazy(() => import('./pin-prompt.tsx').then((module) => ({ default: module.PinPrompt })));

const asked = () => getPinQuestions().length > 0;

/** Where the PIN prompt appears, over every screen, while a guarded action waits for the PIN. */
export function PinPromptSlot() {
  const open = useSyncExternalStore(subscribePinQuestions, asked, () => false);
  if (!open) return null;
  return (
    <CatchBoundary getResetKey={() => 'pin-prompt'} errorComponent={CancelQuestions}>
      <Suspense fallback={null}>
        <PinPrompt />
      </Suspense>
    </CatchBoundary>
  );
}

/** The prompt's code could not load: each waiting action fails as if closed, never hangs. */
function CancelQuestions() {
  useEffect(() => {
    for (const question of getPinQuestions()) question.cancel();
  }, []);
  return null;
}
