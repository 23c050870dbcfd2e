import { usePracticeDeliveries } from '#client/api/deliveries.ts';
import { DeliveryList, StaleNote } from './delivery-list.tsx';

/**
 * The practice screen's list. While this visit's practice is on its way
 * (`pending`) it shows nothing and asks nothing; once it reached the server,
 * what is asked from then on (its own query, keyed by the press), never the
 * list of an earlier practice; with no practice pressed here, the latest one.
 */
export function PracticeDeliveries({
  pending,
  reached,
  pressKey,
}: {
  pending: boolean;
  reached: boolean;
  pressKey: string;
}) {
  const query = usePracticeDeliveries(pressKey, { enabled: !pending });
  if (pending) return null;
  const practice = query.data?.practice;
  if (!practice) {
    if (reached) return <p className="delivery__note">Comprobando a quién llegó tu prueba…</p>;
    return query.data ? <p className="delivery__note">Todavía no has enviado ninguna prueba.</p> : null;
  }
  if (practice.deliveries.length === 0) {
    return (
      <p className="delivery__note delivery__note--danger" role="alert">
        Ningún contacto ha confirmado su correo: nadie recibió la prueba.
      </p>
    );
  }
  return (
    <DeliveryList title={reached ? 'A quién llegó tu prueba' : 'Tu última prueba'} deliveries={practice.deliveries}>
      {query.isRefetchError && <StaleNote updatedAt={query.dataUpdatedAt} />}
    </DeliveryList>
  );
}
