import { CatchBoundary, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useContacts } from '#client/api/contacts.ts';
import { ContactListSection } from '#client/features/contacts/contact-list/contact-list-section.tsx';
import type { SosHomePanels as Panels } from '#client/features/sos/home/sos-home-panels.tsx';
import { AfterFirstPaint } from '#client/ui/after-first-paint.tsx';
import { CheckInEntry } from '#client/features/check-in/check-in-entry.tsx';
import { checkAlertWithServer } from '#client/features/sos/press/reconcile-alert.ts';
import { HOME_INSTRUCTION, HOME_TITLE } from './home-texts.ts';
import { SosAndInstallSlot } from './sos-and-install-slot.tsx';
import './home-page.css';

// Fetched as home's module is evaluated (it is in home's chunk, so there at once where the app is
// built): then the lazy component below resolves without suspending, and the panels come in the same
// commit as what follows them. Shown through a fallback, React holds a boundary's reveal back 300 ms:
// the panels arrived after the check-in card and the contact list, and pushed them down the screen.
let loaded: { default: typeof Panels } | undefined;
const panels = import('#client/features/sos/home/sos-home-panels.tsx').then(
  (module) => (loaded = { default: module.SosHomePanels }),
);
// A thenable that answers at once: React.lazy then reads the module in the same render.
const SosHomePanels = lazy(() =>
  loaded ? ({ then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as Promise<typeof loaded>) : panels,
);

/**
 * The panels under the SOS button, with the cached contact list that feeds their SMS fallback of a press
 * that could not go out. The list's query is read here, not in HomePage: the app's first frame, the SOS
 * button's, then sets up no query observer: work that can wait for the frame after it.
 */
function PanelsWithContacts() {
  const contacts = useContacts();
  return <SosHomePanels contacts={contacts.data} />;
}

/** Home: nothing here waits for the network, so the SOS button shows offline and with an empty cache. */
export function HomePage() {
  return (
    <>
      {/* Named for screen readers; on screen the navigation already says 'Inicio', and the first
          screen is kept for SOS and what home must say before the press. */}
      <h1 className="visually-hidden">{HOME_TITLE}</h1>
      <p className="home-page__instruction">{HOME_INSTRUCTION}</p>
      <SosAndInstallSlot />
      {/* The first frame is the SOS button's; the rest follows in the next one (lib/first-paint.ts). */}
      <AfterFirstPaint>
        {/* Whatever fails in it (a cached list of a shape this version does not know, its chunk offline)
            costs the panels, never home. */}
        <CatchBoundary getResetKey={() => 'sos-home-panels'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <PanelsWithContacts />
          </Suspense>
        </CatchBoundary>
        {/* Below the SOS area, blue and square: never to be taken for the red round SOS button. */}
        <CheckInEntry checkAlert={checkAlertWithServer} />
        <ContactListSection />
        {/* A practice: plain and far from the red SOS button, so it can never be taken for it. */}
        <Link to="/web/practice" className="button button--ghost button--block home-page__practice">
          Probar alerta
        </Link>
      </AfterFirstPaint>
    </>
  );
}
