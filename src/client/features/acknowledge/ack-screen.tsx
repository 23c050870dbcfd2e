import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { clockTime, formatMoment, mapUrl, POSITION_UNAVAILABLE } from '#shared/alert-moment.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import { practiceNotice } from '#shared/delivery-texts.ts';
import { track } from '#client/lib/analytics.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useAcknowledgeMutation } from './api/acknowledge.ts';
import { useAck } from './api/get-ack.ts';
import './ack-screen.css';

/** The server turned the link down (unknown or expired); "too many tries" and no answer are not that. */
const isLinkRejected = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * /web/active/ack/{token}: a contact, from the e-mail, without an
 * account. Opening it shows who, when (in the person's time zone) and where;
 * only 'Lo tengo' records anything, and pressing it again records nothing new.
 */
export function AckScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const ack = useAck(token);
  const press = useAcknowledgeMutation(token);

  useEffect(() => {
    if (isLinkRejected(ack.error)) void navigate({ to: '/web/active/invalid', replace: true });
  }, [ack.error, navigate]);

  if (ack.isPending) return <p>Cargando la alerta…</p>;
  if (ack.isError) {
    if (isLinkRejected(ack.error)) return null;
    return (
      <>
        <h1>No pudimos cargar la alerta</h1>
        <p role="alert">{ack.error.message}</p>
        <button type="button" className="button button--block" onClick={() => void ack.refetch()}>
          Intentar de nuevo
        </button>
      </>
    );
  }

  const view = ack.data;
  const who = view.person.name;
  const send = () =>
    press.mutate(undefined, {
      onSuccess: (result) => track('alert_acknowledge', { practice: result.practice, first: result.recorded === true }),
      onError: (error) => {
        if (isLinkRejected(error)) void navigate({ to: '/web/active/invalid', replace: true });
        else showToast({ message: error.message, variant: 'danger' });
      },
    });

  return (
    <div className="ack">
      {view.practice && <p className="ack__practice">{practiceNotice(who)}</p>}
      <h1>{view.practice ? `Alerta de prueba de ${who}` : `${who} necesita ayuda`}</h1>
      <AlertFacts view={view} />
      <Outcome view={view} pending={press.isPending} onPress={send} />
    </div>
  );
}

function AlertFacts({ view }: { view: AckView }) {
  const { person, position } = view;
  return (
    <dl className="ack__facts">
      <dt>Quién</dt>
      <dd>
        {person.name}, <a href={`tel:${person.phone}`}>{person.phone}</a>
      </dd>
      <dt>Cuándo</dt>
      <dd>{formatMoment(new Date(view.pressed_at), view.timezone)}</dd>
      <dt>Dónde</dt>
      <dd>
        {position ? (
          <>
            Latitud {position.latitude}, longitud {position.longitude}.{' '}
            <a href={mapUrl(position)} target="_blank" rel="noopener noreferrer">
              Ver en el mapa
            </a>
          </>
        ) : (
          `${POSITION_UNAVAILABLE.charAt(0).toUpperCase()}${POSITION_UNAVAILABLE.slice(1)}.`
        )}
      </dd>
    </dl>
  );
}

function Outcome({ view, pending, onPress }: { view: AckView; pending: boolean; onPress: () => void }) {
  const done = useRef<HTMLParagraphElement>(null);
  const acknowledged = view.acknowledged_at !== null;
  // The button that had the focus is gone: the news takes it.
  useEffect(() => {
    if (acknowledged) done.current?.focus();
  }, [acknowledged]);
  const who = view.person.name;

  if (view.acknowledged_at !== null) {
    return (
      <p ref={done} tabIndex={-1} className="ack__done" role="status">
        Listo: {who} ya sabe que recibiste su alerta ({clockTime(new Date(view.acknowledged_at))}).
      </p>
    );
  }
  if (view.status === 'ended') return <p className="ack__ended">{who} ya finalizó esta alerta.</p>;
  return (
    <>
      <p>
        {view.practice
          ? `Presiona «Lo tengo» para que ${who} vea que sus alertas te llegan.`
          : `Presiona «Lo tengo» para que ${who} sepa que recibiste su alerta y que vas a ayudar. Después, llámale.`}
      </p>
      <button type="button" className="button button--block ack__button" disabled={pending} aria-busy={pending} onClick={onPress}>
        {pending ? 'Enviando…' : 'Lo tengo'}
      </button>
    </>
  );
}
