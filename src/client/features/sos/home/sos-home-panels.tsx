import { useRef } from 'react';
import type { Contact } from '#shared/api/contacts.ts';
import { LocationPanel } from '#client/features/sos/location/location-panel.tsx';
import { useRoomAtTheFoldAfter } from '#client/ui/room-at-the-fold.ts';
import { useEndNewsOnHome } from './end-news-on-home.ts';
import { NobodyToldNotice } from './nobody-told-notice.tsx';
import { SosFailure } from './sos-failure.tsx';
import './sos-home-panels.css';

/**
 * What home shows under the SOS button: that nobody would be told (before the press), a failed
 * press with its SMS fallback, and the location explanation; and, as a notice, what the last end
 * told the person when its page had closed before the answer came. It keeps what follows it on home
 * from being cut by the band where 'Ayuda' rests (ui/room-at-the-fold.ts). A chunk of its own, loaded right after home's
 * first paint (home's download budget); the button itself never waits for it.
 */
export function SosHomePanels({ contacts }: { contacts: readonly Contact[] | undefined }) {
  useEndNewsOnHome();
  // What follows on home (the check-in card, the contacts) is whole above the 'Ayuda' band or starts below it.
  const panels = useRef<HTMLDivElement>(null);
  useRoomAtTheFoldAfter(panels);
  return (
    <div className="sos-home-panels" ref={panels}>
      <NobodyToldNotice contacts={contacts} />
      <SosFailure contacts={contacts ?? []} />
      <LocationPanel />
    </div>
  );
}
