import { useId, type ReactNode } from 'react';
import { clockTime } from '#shared/alert-moment.ts';
import type { Delivery } from '#shared/api/deliveries.ts';
import { deliveryLine, PUSH_DELIVERED } from '#shared/delivery-texts.ts';
import './delivery.css';

const at = (iso: string | null) => (iso ? new Date(iso) : null);
const clock = (date: Date) => clockTime(date);

/**
 * One line per contact: 'Recibida por María López (10:42)', 'Enviada a …',
 * 'No se pudo enviar a …' (src/shared/delivery-texts.ts), in the phone's own time.
 * A polite live region (a new acknowledgement is read out as it arrives) unless `announced` is
 * false: where a status above already announces the news, the list is there to be read, not heard twice.
 */
export function DeliveryList({
  title,
  deliveries,
  announced = true,
  children,
}: {
  title: string;
  deliveries: readonly Delivery[];
  announced?: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="delivery" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul className="delivery__list" aria-live={announced ? 'polite' : undefined}>
        {deliveries.map((delivery) => (
          <li key={delivery.id} className={`delivery__item delivery__item--${delivery.state}`}>
            {deliveryLine(
              {
                name: delivery.name,
                state: delivery.state,
                sentAt: at(delivery.sent_at),
                acknowledgedAt: at(delivery.acknowledged_at),
              },
              clock,
            )}
            {delivery.push_sent_at && <span className="delivery__push"> · {PUSH_DELIVERED}</span>}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The poll failed after data came: what is shown is the last known state, and says so. */
export function StaleNote({ updatedAt }: { updatedAt: number }) {
  return (
    <p className="delivery__note">
      Sin conexión: esto es lo último que supimos, a las {clockTime(new Date(updatedAt))}.
    </p>
  );
}
