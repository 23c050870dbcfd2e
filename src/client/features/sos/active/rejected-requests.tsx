import { useEffect } from 'react';
import { ALERT_END } from '#shared/alert-status.ts';
import { SOS_ACK_REJECTED, type RejectedSos } from '#shared/browser/sos-messages.ts';
import { postToWorker } from '#client/lib/sos-worker/post-to-worker.ts';

const acknowledged = new Set<string>();

/** Said when an end sent without signal was refused: the alert goes on, and why. */
export const endRefused = (why: string | null) =>
  `No pudimos finalizar tu alerta: ${why ?? 'el servidor no lo aceptó.'} Tu alerta sigue activa.`;

function describe(entry: RejectedSos): string {
  if (entry.reason === 'expired') return 'Una solicitud de tu alerta no se pudo enviar en 7 días y se descartó.';
  if (entry.alert_status === ALERT_END) return endRefused(entry.message);
  return `No pudimos enviar una solicitud de tu alerta: ${entry.message ?? 'el servidor no la aceptó.'}`;
}

/**
 * Requests the worker gave up on (refused, or 7 days unsent) are never dropped
 * silently: each is shown here, and only then does the worker forget it.
 */
export function RejectedRequests({ rejected }: { rejected: readonly RejectedSos[] }) {
  useEffect(() => {
    const fresh = rejected.map((entry) => entry.idempotencyKey).filter((key) => !acknowledged.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) acknowledged.add(key);
    void postToWorker({ type: SOS_ACK_REJECTED, idempotencyKeys: fresh }).catch(() => undefined);
  }, [rejected]);

  if (rejected.length === 0) return null;
  return (
    <div className="sos-rejected" role="alert">
      <ul>
        {rejected.map((entry) => (
          <li key={entry.idempotencyKey}>{describe(entry)}</li>
        ))}
      </ul>
    </div>
  );
}
