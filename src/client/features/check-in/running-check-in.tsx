import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CHECK_IN_PURPOSE_LABELS, type CheckIn } from '#shared/api/check-ins.ts';
import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { usePinsSet } from '#client/api/profile.ts';
import { PinDialog } from '#client/ui/pin-dialog.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { getLocation } from '#client/lib/location/location-store.ts';
import type { CheckInReply } from '#client/api/check-in-calls.ts';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';
import { closeCheckIn, extendCheckIn } from './check-in-actions.ts';
import {
  CHECK_IN_CLOSED,
  CHECK_IN_CLOSED_AFTER_FIRE,
  CHECK_IN_EXTENDED,
  CHECK_IN_WHAT_IF_LATE,
  EXTEND_WAITS_FOR_SIGNAL,
  FIRED_NOTICE,
  OK_WAITS_FOR_SIGNAL,
  OVERDUE_NOTICE,
  reminderNotice,
  SET_WAITS_FOR_SIGNAL,
} from './check-in-texts.ts';
import { DueChooser, EMPTY_DUE, type DueValue } from './due-chooser.tsx';
import { dueText, timeLeftText } from './due-time.ts';
import { readDue } from './due-value.ts';
import { useCheckInPosition } from './use-check-in-position.ts';
import { useClock } from './use-clock.ts';
import { useFiringWatch } from './use-firing-watch.ts';
import { useWaitingOutcome } from './use-waiting-outcome.ts';
import './check-in.css';

type Pending = { kind: 'ok' } | { kind: 'extend'; due: Date };

const WAITING_TEXT = { set: SET_WAITS_FOR_SIGNAL, ok: OK_WAITS_FOR_SIGNAL, extend: EXTEND_WAITS_FOR_SIGNAL } as const;

/** A running (or fired) check-in on home: the time left, 'Estoy bien' and 'Necesito más tiempo'. */
export function RunningCheckIn({ checkIn, checkAlert }: { checkIn: CheckIn; checkAlert: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const dueMs = Date.parse(checkIn.due_at);
  // Each second around the deadline, so the time left never outlives it.
  const now = useClock((clockNow) => (Math.abs(dueMs - clockNow) <= 60_000 ? 1000 : 15_000));
  const pinsSet = usePinsSet();
  const waiting = useWaitingOutcome();
  const [extending, setExtending] = useState(false);
  const [due, setDue] = useState<DueValue>(EMPTY_DUE);
  const [dueError, setDueError] = useState<string | undefined>();
  const [askPin, setAskPin] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new time saved is said on the card, under its buttons, for as long as a notice would stay:
  // a notice above home would push the buttons below the first screen of a small phone.
  const [extended, setExtended] = useState(false);
  useEffect(() => {
    if (!extended) return;
    const timer = setTimeout(() => setExtended(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [extended]);
  const fired = checkIn.status === 'fired';
  useCheckInPosition(checkIn.status === 'running');

  const remindAt = Date.parse(checkIn.remind_at);
  const overdue = !fired && now >= dueMs;
  const reminding = !fired && now >= remindAt && !overdue;
  useFiringWatch(overdue, checkAlert);
  const what = CHECK_IN_PURPOSE_LABELS[checkIn.purpose];

  /** Sends; resolves with the PIN error to show in the dialog, or null. */
  async function send(pending: Pending, pin: string | undefined): Promise<string | null> {
    setSending(true);
    setFailure(null);
    setExtended(false);
    const fix = getLocation().fix;
    const reply: CheckInReply =
      pending.kind === 'ok'
        ? await closeCheckIn(queryClient, pin, fix)
        : await extendCheckIn(queryClient, pending.due, pin, fix);
    setSending(false);
    if (reply.kind === 'refused' && reply.errors.pin?.[0]) {
      // PINs set on another phone, not yet known here: ask now.
      if (!askPin) setAskPin(pending);
      return reply.errors.pin[0];
    }
    setAskPin(null);
    if (reply.kind === 'done') {
      // Closed, the card goes: the notice is the only word left that it worked.
      if (pending.kind === 'extend') setExtended(true);
      else showToast({ message: fired ? CHECK_IN_CLOSED_AFTER_FIRE : CHECK_IN_CLOSED });
      setExtending(false);
    } else if (reply.kind === 'queued') {
      setExtending(false);
    } else {
      setFailure(reply.message);
      if (reply.kind === 'refused' && reply.status === 404)
        void queryClient.invalidateQueries({ queryKey: currentCheckInQueryOptions().queryKey });
    }
    return null;
  }

  function start(pending: Pending) {
    if (pinsSet) setAskPin(pending);
    else void send(pending, undefined);
  }

  function saveExtension() {
    const chosen = readDue(due, new Date());
    if ('error' in chosen) {
      setDueError(chosen.error);
      return;
    }
    setDueError(undefined);
    start({ kind: 'extend', due: chosen.due });
  }

  return (
    <section className="check-in-running" aria-labelledby="check-in-running-title">
      <h2 id="check-in-running-title" className="check-in-running__title">
        {fired ? 'Avisamos a tus contactos' : 'Aviso en curso'}
      </h2>
      <div className="check-in-running__actions">
        <button
          type="button"
          className="button button--block check-in-running__ok"
          disabled={sending || waiting?.kind === 'ok'}
          onClick={() => start({ kind: 'ok' })}
        >
          Estoy bien
        </button>
        {!fired && (
          <button
            type="button"
            className="button button--ghost button--block"
            aria-expanded={extending}
            disabled={sending}
            onClick={() => setExtending((open) => !open)}
          >
            Necesito más tiempo
          </button>
        )}
      </div>
      {extending && !fired && (
        <div className="check-in-running__extend">
          <DueChooser
            name="check-in-extend"
            legend="¿Para cuándo habrás vuelto?"
            value={due}
            onChange={setDue}
            error={dueError}
          />
          <button type="button" className="button button--block" disabled={sending} onClick={saveExtension}>
            Guardar nueva hora
          </button>
        </div>
      )}
      {/* Under the buttons, so they are on the first screen of home (under the SOS button) on a small phone. */}
      <div className="check-in-running__details">
        <p className="check-in-running__what">
          {what}
          {checkIn.place ? ` · ${checkIn.place}` : ''}
        </p>
        <p>
          Vuelves {dueText(new Date(dueMs), new Date(now))}.
          {!fired && !overdue && (
            <>
              {' '}
              Tiempo restante: <strong>{timeLeftText(dueMs, now)}</strong>
            </>
          )}
        </p>
        <div role="status">{extended && <p>{CHECK_IN_EXTENDED}</p>}</div>
        {!fired && !overdue && !reminding && !waiting && <p>{CHECK_IN_WHAT_IF_LATE}</p>}
        {fired && <p role="alert">{FIRED_NOTICE}</p>}
        {overdue && (
          <p className="check-in-running__reminder" role="alert">
            {OVERDUE_NOTICE}
          </p>
        )}
        {reminding && (
          <p className="check-in-running__reminder" role="alert">
            {reminderNotice(Math.max(1, Math.round((dueMs - remindAt) / 60_000)))}
          </p>
        )}
        {waiting && (
          <p className="check-in-running__waiting" role="status">
            {WAITING_TEXT[waiting.kind]}
          </p>
        )}
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </div>
      {askPin && (
        <PinDialog
          title={askPin.kind === 'ok' ? 'Escribe tu PIN para cerrar el aviso' : 'Escribe tu PIN para cambiar la hora'}
          onSubmit={(pin) => send(askPin, pin)}
          onCancel={() => setAskPin(null)}
        />
      )}
    </section>
  );
}
