import type { Contact } from '#shared/api/contacts.ts';
import { LocationPanel } from '#client/features/sos/location/location-panel.tsx';
import { NobodyToldNotice } from './nobody-told-notice.tsx';
import { SosFailure } from './sos-failure.tsx';
import './sos-home-panels.css';

/**
 * What home shows under the SOS button: that nobody would be told (before the press), a failed
 * press with its SMS fallback, and the location explanation. A chunk of its own, loaded right after home's
 * first paint (home's download budget); the button itself never waits for it.
 */
export function SosHomePanels({ contacts }: { contacts: readonly Contact[] | undefined }) {
  return (
    <div className="sos-home-panels">
      <NobodyToldNotice contacts={contacts} />
      <SosFailure contacts={contacts ?? []} />
      <LocationPanel />
    </div>
  );
}
