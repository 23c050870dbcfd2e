import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { SosButton } from '#client/features/sos/sos-button/sos-button.tsx';

// Out of home's first download: it shows a moment after the SOS button, and only where installing is possible.
const InstallButton = lazy(() =>
  import('#client/features/install/install-button.tsx').then((module) => ({ default: module.InstallButton })),
);

/**
 * The SOS button, in the lower half of the first screen (one thumb reaches it),
 * and under it the install-app button.
 */
export function SosAndInstallSlot() {
  return (
    <div className="home-page__actions" data-slot="sos-and-install">
      <SosButton />
      <div className="home-page__install" data-slot="install">
        {/* A chunk that cannot load (offline, no worker yet) costs the button, never the page. */}
        <CatchBoundary getResetKey={() => 'install-button'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <InstallButton />
          </Suspense>
        </CatchBoundary>
      </div>
    </div>
  );
}
