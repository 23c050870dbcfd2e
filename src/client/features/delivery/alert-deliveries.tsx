import { clockTime } from '#shared/alert-moment.ts';
import { useAlertDeliveries } from '#client/api/deliveries.ts';
import { DeliveryList, StaleNote } from './delivery-list.tsx';

/**
 * Under the alert's own status on /web/active: each contact's e-mail, as it
 * changes. Only once the alert reached the server (`reached`): while it waits
 * for signal the screen says so, and this says nothing, so the two never disagree.
 */
export function AlertDeliveries({ reached }: { reached: boolean }) {
  const query = useAlertDeliveries({ enabled: reached });
  if (!reached) return null;
  const alert = query.data?.alert;
  if (!alert) {
    return query.isPending || query.data ? (
      <p className="delivery__note">Comprobando a quién llegó tu alerta…</p>
    ) : null;
  }
  // That the firm is on it is said with the alert's status, on the first screen (sos/active).
  if (alert.deliveries.length === 0) return null;
  return (
    <>
      {/* The alert's status box announces who got it ('Recibida por…'): the list is read, never announced too. */}
      <DeliveryList title="A quién llegó tu alerta" deliveries={alert.deliveries} announced={false}>
        {/* Each line says whether that contact confirmed ('sin confirmar todavía'): no line under them says it again. */}
        {alert.last_reminder_at && (
          <p className="delivery__note">
            Enviamos un recordatorio a quien no ha confirmado, a las {clockTime(new Date(alert.last_reminder_at))}.
          </p>
        )}
        {query.isRefetchError && <StaleNote updatedAt={query.dataUpdatedAt} />}
      </DeliveryList>
    </>
  );
}
