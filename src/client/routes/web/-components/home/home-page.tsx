import { CatchBoundary, Link } from '@tanstack/react-router';
import { useContacts } from '#client/api/contacts.ts';
import { ContactListSection } from '#client/features/contacts/contact-list/contact-list-section.tsx';
import { SosHomePanels } from '#client/features/sos/home/sos-home-panels.tsx';
import { AfterFirstPaint } from '#client/ui/after-first-paint.tsx';
import { CheckInEntry } from '#client/features/check-in/check-in-entry.tsx';
import { checkAlertWithServer } from '#client/features/sos/press/reconcile-alert.ts';
import { HOME_INSTRUCTION, HOME_TITLE } from './home-texts.ts';
import { SosAndInstallSlot } from './sos-and-install-slot.tsx';
import './home-page.css';

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
        {/* In the same commit as what follows it: drawn later (a lazy component, whose reveal React holds
            back for 300 ms), it pushed the check-in card and the contact list down the screen. Whatever
            fails in it (a cached list of a shape this version does not know) costs the panels, never home. */}
        <CatchBoundary getResetKey={() => 'sos-home-panels'} errorComponent={() => null}>
          <SosHomePanels contacts={contacts.data} />
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
