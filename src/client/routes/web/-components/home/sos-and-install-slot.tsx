import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { useInstallPrompt } from '#client/features/install/use-install-prompt.ts';
import { SosButton } from '#client/features/sos/home/sos-button.tsx';

// Out of home's first download: it shows a moment after the SOS button, and only where installing is possible.
const InstallButton = lazy(() =>
  import('#client/features/install/install-button.tsx').then((module) => ({ default: module.InstallButton })),
);

/**
 * The SOS button, in the lower half of the first screen (one thumb reaches it), and the
 * install-app button, which shows fixed above the navigation whenever the browser offers it.
 */
export function SosAndInstallSlot() {
  // The button's code is fetched only where it has something to offer (home's download budget):
  // never in the installed app, a private window or a browser without an install prompt.
  const prompt = useInstallPrompt();
  const [ios] = useState(needsIosInstallHelp);
  return (
    <div className="home-page__actions" data-slot="sos-and-install">
      <SosButton />
      {/* Fixed at the bottom of the screen (install-button.css), it takes no room here: arriving
          late, it moves nothing. A chunk that cannot load (offline, no worker yet) costs the
          button, never the page. */}
      {(ios || prompt) && (
        <CatchBoundary getResetKey={() => 'install-button'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <InstallButton />
          </Suspense>
        </CatchBoundary>
      )}
    </div>
  );
}
