import { CatchBoundary } from '@tanstack/react-router';
import { ContactList } from './contact-list.tsx';

/**
 * Home's 'Contactos de emergencia'. Whatever goes wrong in the list (say, a
 * restored cache of an unexpected shape) stays in the list: the SOS button
 * beside it never disappears with it.
 */
export function ContactListSection() {
  return (
    <section className="contact-list" aria-labelledby="contact-list-title">
      <h2 id="contact-list-title">Contactos de emergencia</h2>
      <h3 className="contact-list__subtitle">Lista de contactos</h3>
      <CatchBoundary getResetKey={() => 'contact-list'} errorComponent={ContactListUnavailable}>
        <ContactList />
      </CatchBoundary>
    </section>
  );
}

function ContactListUnavailable() {
  return <p className="muted">No pudimos mostrar tus contactos. Vuelve a abrir la aplicación.</p>;
}
