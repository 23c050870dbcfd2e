import { useQuery } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { useAlertDeliveries } from '#client/api/deliveries.ts';
import { ActiveAlertScreen, useAlertDelivery } from '#client/features/sos/active/active-alert-screen.tsx';

// Each contact's e-mail, a chunk of its own: the alert screen never waits for it.
const AlertDeliveries = lazy(() =>
  import('#client/features/delivery/alert-deliveries.tsx').then((module) => ({ default: module.AlertDeliveries })),
);

/** The contacts (cached, so offline too) belong to their feature; they meet the alert screen here, and so does the delivery list. */
export function ActiveAlertPage() {
  const contacts = useQuery(contactsQueryOptions());
  const delivery = useAlertDelivery();
  // The same query (and polls) as the delivery list: one request tells the screen who gets the
  // e-mail and whether the server still has the alert.
  const serverQuery = useAlertDeliveries({ enabled: delivery.state === 'sent' });
  const server = serverQuery.data;
  return (
    <ActiveAlertScreen
      delivery={delivery}
      contacts={contacts.data}
      askingServer={delivery.state === 'sent' && serverQuery.isPending}
      server={
        server && {
          alertStatus: server.alert_status,
          deliveries: server.alert?.deliveries,
          firmAttending: server.alert?.firm_attending === true,
          missedCheckIn: server.alert?.trigger === 'missed-check-in' ? server.alert.check_in : null,
        }
      }
      deliveries={(delivery) => (
        // A chunk that cannot load (offline before the worker cached it) costs the list, never the screen.
        <CatchBoundary getResetKey={() => 'alert-deliveries'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <AlertDeliveries reached={delivery.state === 'sent'} />
          </Suspense>
        </CatchBoundary>
      )}
    />
  );
}
