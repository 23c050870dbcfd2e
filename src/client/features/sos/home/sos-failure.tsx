import type { Contact } from '#shared/api/contacts.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { useLocation } from '#client/lib/location/location-store.ts';
import { usePressState } from '#client/features/sos/press/press-state.ts';
import { smsHref } from '#client/features/sos/sms/sms-link.ts';

/** A press nobody could send or keep: say so, and hand over the SMS at once. */
export function SosFailure({ contacts }: { contacts: readonly Contact[] }) {
  const { phase, failure, userId } = usePressState();
  const { name, firstname, lastname, id } = useAuth();
  const { fix } = useLocation();
  if (phase !== 'failed' || userId !== id) return null;
  return (
    <div className="sos-notice sos-notice--danger" role="alert">
      <p>{failure}</p>
      <a
        className="button button--danger button--block"
        href={smsHref(contacts, name || `${firstname} ${lastname}`.trim(), fix)}
      >
        Enviar SMS a mis contactos
      </a>
    </div>
  );
}
