import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { track } from '#client/lib/analytics.ts';
import { clearInstallPrompt } from './install-prompt.ts';
import { needsIosInstallHelp } from './ios-install.ts';
import { useInstallPrompt } from './use-install-prompt.ts';
import './install-button.css';

// Only someone who taps the button downloads the guide (home's download budget).
const InstallHelpOverlay = lazy(() =>
  import('./install-help-overlay.tsx').then((module) => ({ default: module.InstallHelpOverlay })),
);

/**
 * 'Instalar la aplicación' (SPEC.md section 2): on iOS it opens the step-by-step
 * guide; elsewhere it shows the browser's own prompt, and goes once it is answered.
 */
export function InstallButton() {
  const prompt = useInstallPrompt();
  const [ios] = useState(needsIosInstallHelp);
  const [helpOpen, setHelpOpen] = useState(false);
  const [asking, setAsking] = useState(false);

  if (!ios && !prompt) return null;

  async function install(event: MouseEvent<HTMLButtonElement>) {
    if (ios) {
      // Safari does not focus a tapped button; the guide gives the focus back to it when it closes.
      event.currentTarget.focus();
      setHelpOpen(true);
      track('install', { outcome: 'ios_help' });
      return;
    }
    if (!prompt) return;
    setAsking(true);
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      track('install', { outcome });
    } catch {
      // Already shown once (another tab, a double tap): the browser makes a new offer on a later visit.
    } finally {
      clearInstallPrompt();
      setAsking(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost install-button"
        disabled={asking}
        onClick={(event) => void install(event)}
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 3v12m-5-5 5 5 5-5M4 17v3h16v-3" />
        </svg>
        Instalar la aplicación
      </button>
      {helpOpen && (
        <CatchBoundary getResetKey={() => 'install-help'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <InstallHelpOverlay onClose={() => setHelpOpen(false)} />
          </Suspense>
        </CatchBoundary>
      )}
    </>
  );
}
