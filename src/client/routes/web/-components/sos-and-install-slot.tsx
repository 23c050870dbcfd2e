/**
 * Where the SOS button and the install-app button go (their own issues). Kept
 * empty on purpose: no stand-in button that would do nothing when pressed.
 */
export function SosAndInstallSlot() {
  return <div className="home-page__actions" data-slot="sos-and-install" />;
}
