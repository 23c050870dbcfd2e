import {
  ALERT_END,
  ALERT_PRACTICE,
  ALERT_START,
  type ActiveButtonInput,
  type ActiveButtonReply,
} from '#shared/api/active-button.ts';
import { pinMessages } from '#shared/api/pins.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AppDeps, Press } from '#server/deps.ts';
import { checkPin, pinsSet } from '#server/security/pin-check.ts';
import {
  endAlert,
  lockUserForAlert,
  readActiveAlert,
  recordPosition,
  startInTransaction,
  type ActiveAlert,
  type Deps,
  type LockedUser,
} from './alert-actions.ts';
import { endAlertUnderDuress, retireHiddenAlert } from './duress-end.ts';
import { claimIdempotencyKey, keyAnswered, storeReply } from './idempotency.ts';
import { alertPhaseOf, step, type AlertEvent, type AlertStep } from './lifecycle.ts';
import { runPractice } from './practice.ts';

/**
 * The one executor of the alert's lifecycle (lifecycle.ts decides, this does).
 * Inside one transaction with the person's row locked it reads the rows the
 * phase comes from, turns the request into the lifecycle's event (which PIN was
 * typed is decided here, never in a route), asks `step`, carries out each of
 * its effects (rows, outbox messages, the `alert_events` line) and answers
 * with what the person is shown. Routes validate, call it, and map the outcome
 * to HTTP.
 */

export type AlertOutcome =
  | { kind: 'reply'; reply: ActiveButtonReply }
  /** The Idempotency-Key came before with another body. */
  | { kind: 'key-reused' }
  /** A missing or wrong PIN, or PINs locked: a 422 on `pin`, and the key stays unclaimed. */
  | { kind: 'pin-refused'; message: string };

type ExecutorDeps = Pick<AppDeps, 'db' | 'config' | 'log' | 'alertStarter'>;

const answered = (reply: ActiveButtonReply): AlertOutcome => ({ kind: 'reply', reply });

/**
 * PUT/PATCH /api/active-button's request (DESIGN.md section 3, step 5): the first
 * answer for (user, key) is stored with the change and its e-mails in one
 * transaction, and every replay of that key gets it again.
 */
export async function runAlertRequest(deps: ExecutorDeps, press: Press): Promise<AlertOutcome> {
  // The common case, a press from 'none' (step's 'start-alert'), with others of the same moment in
  // one statement (docs/decisions/011, 014). It declines whenever an alert is on, shown or hidden,
  // and the transaction below then writes the same rows for the same press.
  if (press.input.alert_status === ALERT_START) {
    const atOnce = await deps.alertStarter(press);
    if (atOnce?.kind === 'answered') return answered(atOnce.reply);
    if (atOnce?.kind === 'mismatch') return { kind: 'key-reused' };
  }
  return deps.db.transaction((tx) => runInTransaction(tx, deps, press));
}

async function runInTransaction(tx: Queryable, deps: ExecutorDeps, press: Press): Promise<AlertOutcome> {
  const { config, log } = deps;
  const { userId, key, input, now } = press;
  // Presses of one person, whatever their keys, take turns: two phones, a double tap.
  const user = await lockUserForAlert(tx, userId);
  const active = await readActiveAlert(tx, userId);
  const event = await eventOf(tx, deps, user, press);
  if (typeof event !== 'string') return event;
  const next = step(alertPhaseOf(active), event);
  const effectDeps: Deps = { tx, config, userId, now, log };

  if (next.effects.includes('start-alert')) {
    // A replay is answered by its key before anything is retired or started.
    let started = await startInTransaction(effectDeps, press);
    if (!started && active && next.effects.includes('retire-hidden')) {
      await retireHiddenAlert(effectDeps, active);
      started = await startInTransaction(effectDeps, press);
    }
    if (!started) throw new Error('a start found an alert on after its phase was read under the lock');
    return started.kind === 'mismatch' ? { kind: 'key-reused' } : answered(started.reply);
  }
  const claim = await claimIdempotencyKey<ActiveButtonReply>(tx, userId, key, press.bodyHash, now);
  if (claim.kind === 'mismatch') return { kind: 'key-reused' };
  if (claim.kind === 'replay') return answered(claim.reply);
  const reply = await carryOut(effectDeps, user, active, event, next, input, key);
  await storeReply(tx, userId, key, reply);
  return answered(reply);
}

/**
 * The lifecycle's event for one request. FINALIZAR ALERTA with PINs set needs one, checked
 * before the key is claimed: a 422 is not the key's answer (the same key may come back with
 * the PIN). A replay of an answered key gets its answer again without a second check.
 */
async function eventOf(
  tx: Queryable,
  { config }: ExecutorDeps,
  user: LockedUser,
  { userId, key, input, now }: Press,
): Promise<AlertEvent | Extract<AlertOutcome, { kind: 'pin-refused' }>> {
  if (input.alert_status === ALERT_START) return 'press';
  if (input.alert_status === ALERT_PRACTICE) return 'practice';
  if (input.alert_status !== ALERT_END || !pinsSet(user) || (await keyAnswered(tx, userId, key))) return 'end';
  const pin = await checkPin(tx, config.secret, user, input.pin, now);
  // Locked: a 422 here, not the 429 of the profile's PIN routes. The SOS queue keeps a 429 to
  // try again later, at the front of the queue, where it would hold up a new SOS for 15 minutes;
  // a 422 leaves the queue, and the PIN dialog shows why.
  if (pin.kind === 'locked') return { kind: 'pin-refused', message: pinMessages.tooManyAttempts };
  if (pin.kind === 'refused') return { kind: 'pin-refused', message: pin.message };
  return pin.kind === 'duress' ? 'duress-end' : 'end';
}

/**
 * An end of the alert that another of the person's requests makes ('Estoy bien' after a
 * missed check-in fired it), inside that request's transaction with the person's row locked.
 * `safe`: the 'ended' e-mail says the person is safe.
 */
export async function carryOutAlertEvent(
  deps: Deps,
  user: LockedUser,
  event: Extract<AlertEvent, 'end' | 'duress-end'>,
  { safe = false }: { safe?: boolean } = {},
): Promise<AlertStep> {
  const active = await readActiveAlert(deps.tx, deps.userId);
  const next = step(alertPhaseOf(active), event);
  const input: ActiveButtonInput = { alert_status: ALERT_END, latitude: '', longitude: '', timezone: '' };
  await carryOut(deps, user, active, event, next, input, '', { safe });
  return next;
}

/** Every effect of one step but a start (written by startInTransaction); the reply is what the person is then shown. */
async function carryOut(
  deps: Deps,
  user: LockedUser,
  active: ActiveAlert | undefined,
  event: AlertEvent,
  { effects, person }: AlertStep,
  input: ActiveButtonInput,
  requestKey: string,
  { safe = false }: { safe?: boolean } = {},
): Promise<ActiveButtonReply> {
  if (effects.includes('start-alert')) throw new Error('a start is written by startInTransaction');
  if (effects.includes('record-position') && active) return recordPosition(deps, user, active, input);
  if (effects.includes('hide-from-person') && active) return endAlertUnderDuress(deps, user, active);
  if (effects.includes('end-alert') && active) return endAlert(deps, user, active, input, { safe });
  if (effects.includes('practice-mails') || effects.includes('practice-silent'))
    return runPractice(deps, user, input, requestKey, effects.includes('practice-silent'));
  // Nothing to do: the reply says what the person is shown (no alert after a duress end, too).
  if (!person.alertOn || !active) return { alert_status: false, alert_id: null };
  return { alert_status: true, alert_id: active.id, ...(event === 'practice' ? { practice_id: null } : {}) };
}
