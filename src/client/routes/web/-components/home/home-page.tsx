import { CatchBoundary, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useContacts } from '#client/api/contacts.ts';
import { ContactListSection } from '#client/features/contacts/contact-list/contact-list-section.tsx';
import { AfterFirstPaint } from '#client/ui/after-first-paint.tsx';
import { CheckInEntry } from '#client/features/check-in/check-in-entry.tsx';
import { checkAlertWithServer } from '#client/features/sos/press/reconcile-alert.ts';
import { HOME_INSTRUCTION, HOME_TITLE } from './home-texts.ts';
import { SosAndInstallSlot } from './sos-and-install-slot.tsx';
import './home-page.css';

// It shows a moment after the button, never in its way. Its code comes in home's chunk (vite.config.ts).
const SosHomePanels = lazy(() =>
  import('#client/features/sos/home/sos-home-panels.tsx').then((module) => ({ default: module.SosHomePanels })),
);

/** Home: nothing here waits for the network, so the SOS button shows offline and with an empty cache. */
export function HomePage() {
  // The cached list also feeds the SMS fallback of a press that could not go out.
  const contacts = useContacts();
  return (
    <>
      <h1>{HOME_TITLE}</h1>
      <p className="home-page__instruction">{HOME_INSTRUCTION}</p>
      <SosAndInstallSlot />
      {/* The first frame is the SOS button's; the rest follows in the next one (lib/first-paint.ts). */}
      <AfterFirstPaint>
        {/* A chunk that cannot load (offline, no worker yet) costs this extra, never the page. */}
        <CatchBoundary getResetKey={() => 'sos-home-panels'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <SosHomePanels contacts={contacts.data} />
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
