import { useEffect, type ReactNode } from 'react';
import type { Delivery as ContactDelivery } from '#shared/api/deliveries.ts';
import { SOS_STATUS } from '#shared/browser/sos-messages.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { CHECK_IN_PURPOSE_LABELS, type AlertCheckIn } from '#shared/api/check-ins.ts';
import { useSayConnectionHere } from '#client/lib/connection/connection-said-here.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { useBackgroundSync } from '#client/lib/sos-worker/background-sync.ts';
import { hasServiceWorkerSupport, postToWorker } from '#client/lib/sos-worker/post-to-worker.ts';
import { useSosQueueView } from '#client/lib/sos-worker/sos-queue-store.ts';
import { GEOLOCATION_UNSUPPORTED, holdLocationWatch, useLocation } from '#client/lib/location/location-store.ts';
import { useHeldView } from '#client/features/sos/press/page-queue.ts';
import { usePressState } from '#client/features/sos/press/press-state.ts';
import { checkAlertWithServer } from '#client/features/sos/press/reconcile-alert.ts';
import { deliveryOf, type Delivery } from './delivery.ts';
import { DeliveryStatus } from './delivery-status.tsx';
import { emailReach } from './email-reach.ts';
import { EndAlertButton } from './end-alert-button.tsx';
import { NeedsSignIn } from './needs-sign-in.tsx';
import { PhoneShare, ShareSheetButton } from './phone-share.tsx';
import { RejectedRequests } from './rejected-requests.tsx';
import { SmsFallback } from './sms-fallback.tsx';
import { usePositionUpdate } from './use-position-update.ts';
import './active-alert.css';

/**
 * /web/active: whether the alert reached the server or waits for signal, what
 * needs the person (a sign-in, a request that will never go), the SMS fallback
 * and FINALIZAR ALERTA. Everything here works offline. `deliveries` (from the
 * route) shows each contact's e-mail, told where the alert stands so it never
 * contradicts it, after what the phone can send.
 */
/** What the server last said of the alert (GET /api/alert-deliveries), once the alert reached it. */
export interface ServerAlertView {
  alertStatus: boolean;
  /** Each confirmed contact's e-mail of the active alert; undefined when the server has no active alert. */
  deliveries: readonly ContactDelivery[] | undefined;
  /** Someone at the firm took the alert (never said after a duress end). */
  firmAttending?: boolean;
  /** Set when the server started the alert because a check-in was missed. */
  missedCheckIn?: AlertCheckIn | null;
}

/** Where the alert stands, from this page's press, what it holds and the worker's reports. */
export function useAlertDelivery(): Delivery {
  const press = usePressState();
  const held = useHeldView();
  const queue = useSosQueueView();
  const hasWorker = hasServiceWorkerSupport() && navigator.serviceWorker.controller !== null;
  return deliveryOf(press, held, queue, hasWorker);
}

export function ActiveAlertScreen({
  delivery,
  contacts,
  server,
  askingServer = false,
  deliveries,
}: {
  delivery: Delivery;
  contacts: readonly Contact[] | undefined;
  server?: ServerAlertView;
  /** The server's first answer on the e-mails is on its way ('Comprobando a quién llegó…'): not 'sent' yet. */
  askingServer?: boolean;
  deliveries?: (delivery: Delivery) => ReactNode;
}) {
  const queue = useSosQueueView();
  const held = useHeldView();
  const { name, firstname, lastname, alert_status } = useAuth();
  const location = useLocation();
  const backgroundSync = useBackgroundSync();
  const reached = delivery.state === 'sent';
  const reach = emailReach(contacts, reached ? server?.deliveries : undefined);
  // Until one contact's e-mail has left (the list still says 'Enviando a…'), the status says the alert arrived, not 'sent'.
  const leaving = reached ? server?.deliveries : undefined;
  const emailsLeaving =
    (reached && askingServer && !server) ||
    (leaving !== undefined &&
      leaving.some((one) => one.state === 'pending' || one.state === 'retrying') &&
      !leaving.some((one) => one.state === 'sent' || one.state === 'acknowledged'));
  // The good news, in the status on the first screen: who said they got it, and the firm on it.
  const receivedBy = (leaving ?? []).filter((one) => one.state === 'acknowledged').map((one) => one.name);
  const firmAttending = reached && server?.firmAttending === true;
  const serverSaysEnded = reached && server?.alertStatus === false && alert_status;

  // Ended elsewhere (another device, or here by an app closed before it stored the end): the
  // check asks again and leaves this screen unless something of this phone still waits to go.
  useEffect(() => {
    if (serverSaysEnded) void checkAlertWithServer();
  }, [serverSaysEnded]);

  useEffect(() => {
    void postToWorker({ type: SOS_STATUS }).catch(() => undefined);
  }, []);
  // The alert is already on its way, so now the browser may ask for the position (for the SMS and a late first fix).
  useEffect(() => holdLocationWatch({ mayAsk: true }), []);
  usePositionUpdate();

  // Where the alert stands is said here, first, in every network state: the offline banner's
  // 'tu alerta se enviará en cuanto haya señal' would say it twice, or wrongly over a sent alert.
  useSayConnectionHere();

  const who = name || `${firstname} ${lastname}`.trim();
  // Waiting for signal, what the phone itself can send (SMS, WhatsApp, the share sheet) comes right
  // after the status, before anything else.
  const queued = delivery.state === 'waiting';
  // Where nothing sends the queue with the app closed (no Background Sync: every iPhone), or the page
  // itself holds the alert: said in the status, before the SMS.
  const keepOpen = queued && (delivery.heldHere || backgroundSync === false);
  // The SMS first: one tap reaches every contact, with no data. The WhatsApp buttons (one a contact)
  // follow it: five contacts with full names fill a row each, and before it they pushed the SMS under
  // FINALIZAR ALERTA.
  const fromThePhone = (
    <>
      <SmsFallback
        contacts={contacts}
        name={who}
        fix={location.fix}
        reach={reach}
        locationNote={locationText(location)}
        queued={queued}
      />
      <PhoneShare contacts={contacts} name={who} fix={location.fix} queued={queued} />
      <ShareSheetButton contacts={contacts} name={who} fix={location.fix} />
    </>
  );

  return (
    <div className="sos-active">
      <h1>Alerta activa</h1>
      {server?.missedCheckIn && (
        <p className="sos-active__missed-check-in">
          Esta alerta se envió porque no confirmaste que estabas bien después de:{' '}
          {CHECK_IN_PURPOSE_LABELS[server.missedCheckIn.purpose]}
          {server.missedCheckIn.place ? ` (${server.missedCheckIn.place})` : ''}.
        </p>
      )}
      <DeliveryStatus
        delivery={delivery}
        nobodyGetsEmail={!reach.anyone}
        emailsLeaving={emailsLeaving}
        keepOpen={keepOpen}
        receivedBy={receivedBy}
        firmAttending={firmAttending}
      />
      {queued && fromThePhone}
      {(queue.status?.needsSignIn || held.needsSignIn) && <NeedsSignIn />}
      <RejectedRequests rejected={queue.rejected} />
      {!queued && fromThePhone}
      {/* Who got the e-mail, a line a contact, after what the phone can send: however many
          contacts there are, the SMS to all of them stays on the first screen, and who said
          they got it is in the status above. */}
      {deliveries?.(delivery)}
      <EndAlertButton />
    </div>
  );
}

function locationText({ fix, error, permission }: ReturnType<typeof useLocation>): string {
  if (permission === 'unsupported') return GEOLOCATION_UNSUPPORTED;
  if (error) return error;
  return fix ? 'Tu ubicación va en el SMS.' : 'Buscando tu ubicación…';
}
