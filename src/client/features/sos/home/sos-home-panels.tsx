import type { Contact } from '#shared/api/contacts.ts';
import { LocationPanel } from '#client/features/sos/location/location-panel.tsx';
import { useEndNewsOnHome } from './end-news-on-home.ts';
import { NobodyToldNotice } from './nobody-told-notice.tsx';
import { SosFailure } from './sos-failure.tsx';
import './sos-home-panels.css';

/**
 * What home shows under the SOS button: that nobody would be told (before the press), a failed
 * press with its SMS fallback, and the location explanation; and, as a notice, what the last end
 * told the person when its page had closed before the answer came. A chunk of its own, loaded right after home's
 * first paint (home's download budget); the button itself never waits for it.
 */
export function SosHomePanels({ contacts }: { contacts: readonly Contact[] | undefined }) {
  useEndNewsOnHome();
  return (
    <div className="sos-home-panels">
      <NobodyToldNotice contacts={contacts} />
      <SosFailure contacts={contacts ?? []} />
      <LocationPanel />
    </div>
  );
}
