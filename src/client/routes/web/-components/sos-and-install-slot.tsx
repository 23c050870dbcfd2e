import { SosButton } from '#client/features/sos/sos-button/sos-button.tsx';

/**
 * The SOS button, in the lower half of the first screen (one thumb reaches it),
 * and the place of the install-app button (its own issue): kept empty on
 * purpose, no stand-in that would do nothing when pressed.
 */
export function SosAndInstallSlot() {
  return (
    <div className="home-page__actions" data-slot="sos-and-install">
      <SosButton />
      <div className="home-page__install" data-slot="install" />
    </div>
  );
}
