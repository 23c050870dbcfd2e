import { ContactListSection } from '#client/features/contacts/contact-list/contact-list-section.tsx';
import { SosAndInstallSlot } from './sos-and-install-slot.tsx';
import './home-page.css';

/** Home: nothing here waits for the network, so the SOS button shows offline and with an empty cache. */
export function HomePage() {
  return (
    <>
      <h1>Inicio</h1>
      <p className="home-page__instruction">Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.</p>
      <SosAndInstallSlot />
      <ContactListSection />
    </>
  );
}
