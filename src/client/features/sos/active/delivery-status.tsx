import { SOS_UNSENT_WARNING_MS } from '#shared/constants.ts';
import type { Delivery } from './delivery.ts';
import { firmAttendingText } from '#shared/delivery-texts.ts';
import { useFirmName } from '#client/lib/firm-name.ts';
import { useNow } from '#client/lib/use-now.ts';

export const ALERT_SENT = 'Alerta enviada a tus contactos';
/** The server has the alert and no contact's e-mail has left yet: not 'sent' beside 'Enviando a…'. */
export const ALERT_REACHED_SENDING = 'Tu alerta llegó. Estamos enviando el correo a tus contactos…';
/** What waits in this phone to leave (the alert, its end, a new position), in words, not 'requests'. */
export const waitingOnThisPhone = (count: number) =>
  count === 1
    ? 'Guardado en este teléfono: 1 aviso por enviar.'
    : `Guardados en este teléfono: ${count} avisos por enviar.`;
/** The same, when the phone could not store them (a full or broken storage): they live only while the app is open. */
export const unstoredOnThisPhone = (count: number) =>
  count === 1
    ? 'No se pudo guardar en este teléfono: 1 aviso por enviar. Si cierras la aplicación, se pierde.'
    : `No se pudieron guardar en este teléfono: ${count} avisos por enviar. Si cierras la aplicación, se pierden.`;
export const ALERT_WAITING = 'Sin conexión: tu alerta se enviará automáticamente en cuanto haya señal';
export const ALERT_SENT_TO_NOBODY = 'Tu alerta llegó, pero ningún contacto la recibirá por correo: envíales un SMS.';
/** Where nothing sends a queued alert with the app closed (no Background Sync: every iPhone), or the page holds it. */
export const KEEP_APP_OPEN = 'Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.';
/** The contacts who said they got the alert ('Lo tengo'), in one line: 'Recibida por Ana Vega y Luis Mora.' */
export function receivedByText(names: readonly string[]): string {
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : (names[0] ?? '');
  return `Recibida por ${list}.`;
}
export const ALERT_UNSENT_24H = 'Tu alerta lleva más de 24 horas sin enviarse. Envía un SMS a tus contactos ahora.';

/**
 * Whether the alert reached the server, in words that change by themselves as
 * the worker reports. With no confirmed contact it never says "sent to your
 * contacts": nobody gets that e-mail.
 */
export function DeliveryStatus({
  delivery,
  nobodyGetsEmail,
  emailsLeaving = false,
  keepOpen = false,
  receivedBy = [],
  firmAttending = false,
}: {
  delivery: Delivery;
  nobodyGetsEmail: boolean;
  /** The server's list says no contact's e-mail has left yet (each still 'Enviando a…'). */
  emailsLeaving?: boolean;
  /** Waiting where nothing sends the queue with the app closed: said with the wait, as one. */
  keepOpen?: boolean;
  /** The contacts who said they got it: good news, said here on the first screen, not only in the list below. */
  receivedBy?: readonly string[];
  /** Someone at the firm took the alert. */
  firmAttending?: boolean;
}) {
  const firm = useFirmName();
  const sent = delivery.state === 'sent';
  const now = useNow(60_000);
  const unsentTooLong =
    delivery.state === 'waiting' &&
    delivery.oldestQueuedAt !== null &&
    now - delivery.oldestQueuedAt >= SOS_UNSENT_WARNING_MS;
  return (
    <>
      {/* One live region from the first render, so every change is announced. */}
      {/* Bad news is never in the green box of a sent alert. */}
      <div
        className={`sos-delivery sos-delivery--${sentLook(delivery, nobodyGetsEmail, emailsLeaving)}`}
        role="status"
        aria-label="Estado de tu alerta"
      >
        <DeliveryText delivery={delivery} nobodyGetsEmail={nobodyGetsEmail} emailsLeaving={emailsLeaving} />
        {keepOpen && delivery.state === 'waiting' && (
          <p className="sos-delivery__keep-open" role="note">
            {KEEP_APP_OPEN}
          </p>
        )}
        {sent && receivedBy.length > 0 && <p className="sos-delivery__received">{receivedByText(receivedBy)}</p>}
        {sent && firmAttending && <p className="sos-delivery__firm">{firmAttendingText(firm)}</p>}
      </div>
      {unsentTooLong && (
        <p className="sos-delivery__late" role="alert">
          {ALERT_UNSENT_24H}
        </p>
      )}
    </>
  );
}

/** The box's look: green only once an e-mail has really left; bad news in the warning colours. */
function sentLook(delivery: Delivery, nobodyGetsEmail: boolean, emailsLeaving: boolean): string {
  if (delivery.state !== 'sent') return delivery.state;
  if (nobodyGetsEmail) return 'nobody';
  return emailsLeaving ? 'leaving' : 'sent';
}

function DeliveryText({
  delivery,
  nobodyGetsEmail,
  emailsLeaving,
}: {
  delivery: Delivery;
  nobodyGetsEmail: boolean;
  emailsLeaving: boolean;
}) {
  switch (delivery.state) {
    case 'sending':
      return <p className="sos-delivery__title">Enviando tu alerta…</p>;
    case 'checking':
      return <p className="sos-delivery__title">Tu alerta está activa. Comprobando si ya llegó…</p>;
    case 'sent':
      return (
        <p className="sos-delivery__title">
          {nobodyGetsEmail ? ALERT_SENT_TO_NOBODY : emailsLeaving ? ALERT_REACHED_SENDING : ALERT_SENT}
        </p>
      );
    case 'failed':
      return <p className="sos-delivery__title">No pudimos enviar tu alerta. Envía un SMS a tus contactos.</p>;
    case 'waiting':
      return (
        <>
          <p className="sos-delivery__title">{ALERT_WAITING}</p>
          <p>{(delivery.unstored ? unstoredOnThisPhone : waitingOnThisPhone)(delivery.pending)}</p>
        </>
      );
  }
}
