import { useEffect, type ReactNode } from 'react';
import { useSosQueueView } from '#client/lib/sos-worker/sos-queue-store.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { holdLocationWatch } from '#client/lib/location/location-store.ts';
import { NobodyToldNotice } from '#client/features/sos/home/nobody-told-notice.tsx';
import { pressPractice } from './press-practice.ts';
import { usePracticeState, type PracticeState } from './practice-state.ts';
// Home's SOS styles (the notices), already loaded with the code this screen shares with home.
import '#client/features/sos/home/sos-home-panels.css';

/** Where this visit's practice stands, for the delivery list beside the panel. */
export interface PracticeProgress {
  /** A practice pressed here is on its way or waits for signal: nothing to show about it yet. */
  pending: boolean;
  /** It reached the server (at once, or later from the queue): its e-mails are going out. */
  reached: boolean;
  /** The Idempotency-Key of this visit's practice press, '' before the first. */
  pressKey: string;
}

type Stage = 'idle' | 'sending' | 'waiting' | 'reached' | 'failed';

function stageOf(
  practice: PracticeState,
  delivered: ReadonlySet<string>,
  rejected: readonly { idempotencyKey: string }[],
): Stage {
  const { phase, key } = practice;
  if (phase === 'queued') {
    if (delivered.has(key)) return 'reached';
    return rejected.some((entry) => entry.idempotencyKey === key) ? 'failed' : 'waiting';
  }
  if (phase === 'held') return 'waiting';
  if (phase === 'sent') return 'reached';
  return phase;
}

const NOTICE: Record<Stage, string | undefined> = {
  idle: undefined,
  sending: 'sos-notice',
  reached: 'sos-notice',
  waiting: 'sos-notice sos-notice--danger',
  failed: 'sos-notice sos-notice--danger',
};

const STAGE_TEXT: Record<Exclude<Stage, 'idle'>, string> = {
  sending: 'Enviando tu alerta de prueba…',
  waiting: 'Sin conexión: tu prueba se enviará en cuanto haya señal. Tus contactos todavía no reciben nada.',
  // Who got it is the delivery list's to say (it may be nobody): this line never claims it.
  reached: 'Prueba enviada. Abajo ves a quién llegó.',
  failed: 'No pudimos enviar tu prueba. Revisa tu conexión e inténtalo de nuevo.',
};

/**
 * /web/practice: what a practice does, its button (plain, never red: it must
 * not look like SOS) and where it stands; the route puts the delivery list under it.
 */
export function PracticePanel({
  contacts,
  renderDeliveries,
}: {
  /** The person's contacts, when known: with none confirmed, the panel says nobody would get it. */
  contacts: readonly Contact[] | undefined;
  renderDeliveries: (progress: PracticeProgress) => ReactNode;
}) {
  const practice = usePracticeState();
  const queue = useSosQueueView();
  const stage = stageOf(practice, queue.delivered, queue.rejected);
  // A position the phone already knows goes with the practice, as with an SOS; never a prompt for it.
  useEffect(() => holdLocationWatch({ mayAsk: false }), []);

  return (
    <div className="sos-home-panels">
      <h1>Alerta de prueba</h1>
      <p>
        Comprueba que tus alertas llegan. Tus contactos confirmados recibirán un correo marcado <strong>PRUEBA</strong>,
        con la hora y tu ubicación, y podrán responder «Lo tengo». No es una alerta: nadie tiene que hacer nada más.
      </p>
      <NobodyToldNotice contacts={contacts} />
      <button
        type="button"
        className="button button--ghost button--block practice__button"
        disabled={stage === 'sending'}
        aria-busy={stage === 'sending'}
        onClick={() => void pressPractice()}
      >
        Enviar alerta de prueba
      </button>
      {/* One live region from the first render, so every change is announced. */}
      <div className={NOTICE[stage]} role="status" aria-label="Estado de tu prueba">
        {stage !== 'idle' && <p>{STAGE_TEXT[stage]}</p>}
      </div>
      {renderDeliveries({
        pending: stage === 'sending' || stage === 'waiting',
        reached: stage === 'reached',
        pressKey: practice.key,
      })}
    </div>
  );
}
