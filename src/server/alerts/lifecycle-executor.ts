import {
  ALERT_END,
  ALERT_PRACTICE,
  ALERT_START,
  type ActiveButtonInput,
  type ActiveButtonReply,
} from '#shared/api/active-button.ts';
import { checkInMessages, dueAtProblem, type CheckIn } from '#shared/api/check-ins.ts';
import type { CheckInStartInput, CheckInUpdateInput } from '#shared/api/check-ins.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { bestEffort } from '#server/db/best-effort.ts';
import { asOneEvent } from './alert-events.ts';
import type { AlertEventKind } from '#shared/alert-event-kinds.ts';
import { shownCheckIn, toCheckIn, type CheckInRow } from './check-in-reply.ts';
import {
  closeCheckIn,
  closeShown,
  currentCheckIn,
  extendCheckIn,
  extendShown,
  insertCheckIn,
  positionOfRequest,
  recordCheckInPosition,
} from './check-in-effects.ts';
import { fireCheckIn } from './fire-check-in.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AppDeps, Press } from '#server/deps.ts';
import { checkPin, pinsShown } from '#server/security/pin-check.ts';
import { showTruthWhenNothingOn } from '#server/security/shown-states.ts';
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
import { endAlertUnderDuress, hideAlertFromPerson, retireHiddenAlert, showToPersonAsForced } from './duress-end.ts';
import { keepEndNews } from './end-news.ts';
import { claimRequestKey, keyAnswered, recordReply } from '#server/requests/idempotency.ts';
import {
  advance,
  alertPhaseOf,
  type AlertEvent,
  type CheckInEvent,
  type CheckInPhase,
  type GuardedAction,
  guardAsksPin,
  type LifecycleEffect,
  type LifecycleState,
  type LifecycleStep,
  type PinVerdict,
  shownOn,
  type ShownOn,
} from './lifecycle.ts';
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
  return deps.db.transaction((tx) => asOneEvent(tx, principalOf(press.input), () => runInTransaction(tx, deps, press)));
}

/** Which of the lines a request's effects record names its event (alert-events.ts). */
const principalOf = ({ alert_status }: ActiveButtonInput): AlertEventKind[] =>
  alert_status === ALERT_START
    ? ['alert-started', 'position']
    : alert_status === ALERT_END
      ? ['alert-ended', 'alert-ended-duress']
      : ['practice'];

async function runInTransaction(tx: Queryable, deps: ExecutorDeps, press: Press): Promise<AlertOutcome> {
  const { config, log } = deps;
  const { userId, key, input, now } = press;
  // Presses of one person, whatever their keys, take turns: two phones, a double tap.
  const user = await lockUserForAlert(tx, userId);
  const { active, current, state } = await readState(tx, userId, now);
  const event = await eventOf(tx, deps, user, press);
  if (typeof event !== 'string') return event;
  const next = advance(state, event);
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
  const claim = await claimRequestKey<ActiveButtonReply>(tx, 'alert', userId, key, press.bodyHash, now);
  if (claim.kind === 'mismatch') return { kind: 'key-reused' };
  if (claim.kind === 'replay') return answered(claim.reply);
  const reply = await carryOut(effectDeps, user, active, event, next, input, key);
  // Whichever PIN ended it: what the reply told the person waits in their status until read.
  if (input.alert_status === ALERT_END) await keepEndNews(tx, reply);
  // Ended with the duress PIN while its check-in had fired: shown closed, as a real end shows it.
  if (next.effects.includes('close-shown') && current)
    await closeShown({ tx, now, reminderMs: 0 }, current, current, {}, { duress: true });
  await recordReply(tx, 'alert', userId, key, reply);
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
  if (input.alert_status !== ALERT_END || (await keyAnswered(tx, 'alert', userId, key))) return 'end';
  const pin = await pinTyped(tx, config.secret, user, input.pin, now);
  if (typeof pin === 'object') return { kind: 'pin-refused', message: pin.refused };
  return pin === 'duress' ? 'duress-end' : 'end';
}

/** Every effect of one step but a start (written by startInTransaction); the reply is what the person is then shown. */
async function carryOut(
  deps: Deps,
  user: LockedUser,
  active: ActiveAlert | undefined,
  event: AlertEvent,
  { effects, person }: LifecycleStep,
  input: ActiveButtonInput,
  requestKey: string,
): Promise<ActiveButtonReply> {
  if (effects.includes('start-alert')) throw new Error('a start is written by startInTransaction');
  if (effects.includes('record-position') && active) return recordPosition(deps, user, active, input);
  if (effects.includes('hide-from-person') && active) return endAlertUnderDuress(deps, user, active);
  if (effects.includes('end-alert') && active) return endAlert(deps, user, active, input);
  if (effects.includes('practice-mails') || effects.includes('practice-silent'))
    return runPractice(deps, user, input, requestKey, effects.includes('practice-silent'));
  // Nothing to do: the reply says what the person is shown (no alert after a duress end, too).
  if (!person.alertOn || !active) return { alert_status: false, alert_id: null };
  return { alert_status: true, alert_id: active.id, ...(event === 'practice' ? { practice_id: null } : {}) };
}

/** A PIN typed on a request that asks for one, for a person whose row is locked: which PIN, or why it is refused. */
async function pinTyped(
  tx: Queryable,
  secret: string,
  user: LockedUser,
  pin: string | undefined,
  now: Date,
): Promise<'real' | 'duress' | { refused: string }> {
  // Asked of every account, with PINs or none: a PIN sent costs the same work either way.
  const check = await checkPin(tx, secret, user, pin, now);
  if (check.kind === 'unset') return 'real';
  // Locked: a 422, not the 429 of the profile's PIN routes. The SOS queue keeps a 429 to try again
  // later, at the front of the queue, where it would hold up a new SOS for 15 minutes; a 422 leaves
  // the queue, and the PIN dialog shows why.
  if (check.kind === 'locked') return { refused: pinMessages.tooManyAttempts };
  if (check.kind === 'refused') return { refused: check.message };
  return check.kind === 'duress' ? 'duress' : 'real';
}

/** The person's whole state as `advance` reads it, from their rows (the person's row locked by the caller). */
async function readState(tx: Queryable, userId: string, now: Date, { lockCheckIn = false } = {}) {
  const active = await readActiveAlert(tx, userId);
  const current = await currentCheckIn(tx, userId, lockCheckIn);
  const shown = current && shownCheckIn(current);
  const state: LifecycleState = { alert: alertPhaseOf(active), checkIn: checkInPhaseOf(current, shown) };
  return { active, current, shown, state };
}

const checkInPhaseOf = (current: CheckInRow | undefined, shown: CheckInRow | undefined): CheckInPhase =>
  !current || !shown
    ? 'none'
    : current.duressAt && !current.shownFiredAt
      ? 'shown-running'
      : shown.status === 'running'
        ? 'running'
        : 'fired';

/** What a check-in request is answered: a reply (stored under its key), or a 422 (not stored). */
export type CheckInOutcome =
  | { status: 200 | 404 | 409; message: CheckIn | string }
  | { invalid: { message: string; errors: Record<string, string[]> } };

export type CheckInDeps = Deps & { reminderMs: number };

const dueInvalid = (message: string): CheckInOutcome => ({ invalid: { message, errors: { due_at: [message] } } });

/** POST /api/check-ins ('Avísales si no vuelvo'), inside its transaction with the person's row locked. */
export async function runCheckInStart(
  deps: CheckInDeps,
  user: LockedUser,
  input: CheckInStartInput,
): Promise<CheckInOutcome> {
  const problem = dueAtProblem(input.due_at, deps.now);
  if (problem) return dueInvalid(problem);
  const { state } = await readState(deps.tx, user.id, deps.now);
  const { effects } = advance(state, 'check-in-set');
  // Running as the person is shown it: one extended with the duress PIN counts until its shown deadline.
  if (effects.includes('refuse-running')) return { status: 409, message: checkInMessages.running };
  const row = await insertCheckIn(deps, user.id, input);
  return { status: 200, message: toCheckIn(row, deps.reminderMs) };
}

/**
 * PUT /api/check-ins/current: a position, 'Necesito más tiempo' or 'Estoy bien', inside its
 * transaction with the person's row locked. With PINs set the two last need one; the duress PIN
 * answers as the real one, and `advance` says what it does instead.
 */
export function runCheckInUpdate(
  deps: CheckInDeps,
  user: LockedUser,
  input: CheckInUpdateInput,
): Promise<CheckInOutcome> {
  const principal: AlertEventKind[] =
    input.action === 'extend' ? ['check-in-extended'] : input.action === 'ok' ? ['check-in-closed'] : [];
  return asOneEvent(deps.tx, principal, () => updateCheckIn(deps, user, input));
}

async function updateCheckIn(deps: CheckInDeps, user: LockedUser, input: CheckInUpdateInput): Promise<CheckInOutcome> {
  const { tx, config, now, reminderMs } = deps;
  const { active, current, shown, state } = await readState(tx, user.id, now, { lockCheckIn: true });
  const realEvent: CheckInEvent =
    input.action === 'position'
      ? 'check-in-position'
      : input.action === 'extend'
        ? 'check-in-extend'
        : 'check-in-close';
  if (!current || !shown || advance(state, realEvent).effects.includes('refuse-none'))
    return { status: 404, message: checkInMessages.none };
  let event: CheckInEvent = realEvent;
  if (input.action !== 'position') {
    const pin = await pinTyped(tx, config.secret, user, input.pin, now);
    if (typeof pin === 'object') return { invalid: { message: pin.refused, errors: { pin: [pin.refused] } } };
    if (pin === 'duress') event = input.action === 'extend' ? 'check-in-duress-extend' : 'check-in-duress-close';
  }
  const { effects } = advance(state, event);
  const has = (effect: LifecycleEffect) => effects.includes(effect);
  const checkInDeps = { tx, now, reminderMs };
  const position = positionOfRequest(input);
  let dueAt: Date | undefined;
  if (has('extend-check-in') || has('extend-shown')) {
    const problem = dueAtProblem(input.due_at ?? '', now);
    if (problem) return dueInvalid(problem);
    dueAt = new Date(input.due_at!);
  }
  // Whose case the check-in's line goes on: the alert it fires now, else the one it fired.
  let logged = current;
  if (has('fire-check-in')) {
    const alertId = await fireCheckIn(
      { tx, config, now, ...(deps.log ? { log: deps.log } : {}) },
      user,
      { ...current, ...position },
      { forced: true },
    );
    // A new alert is the person's not to see; one they already see stays as it is.
    if (has('hide-from-person')) await hideAlertFromPerson(deps, alertId);
    logged = { ...current, firedAlertId: alertId };
  } else if (has('end-alert') && active) {
    await endAlert(deps, user, active, ENDED_FROM_CHECK_IN, { safe: true });
  } else if (has('hide-from-person') && active) {
    // 'Estoy bien' on a fired check-in: the contacts read that the check-in closed, as a real one says they are safe.
    await endAlertUnderDuress(deps, user, active, { on: 'check-in' });
  }
  const detail: Record<string, boolean> = current.duressAt ? { afterDuress: true } : { duress: true };
  // A fired check-in's 'Estoy bien' ends its alert: its row keeps no position of the request.
  const written = current.status === 'running' && !current.duressAt ? position : {};
  let row: CheckInRow = shown;
  if (has('record-check-in-position')) row = await recordCheckInPosition(checkInDeps, current, shown, position);
  else if (has('extend-check-in')) row = await extendCheckIn(checkInDeps, current, dueAt!, position);
  else if (has('extend-shown')) row = await extendShown(checkInDeps, logged, shown, dueAt!, position, detail);
  else if (has('close-shown'))
    row = await closeShown(checkInDeps, logged, shown, current.duressAt ? position : written, detail);
  else if (has('close-check-in')) {
    row = await closeCheckIn(checkInDeps, current, written);
    // Closed for real: with nothing else on, the person's screens show the truth again.
    if (state.checkIn === 'running')
      await bestEffort(
        tx,
        deps.log,
        'lo mostrado tras el PIN de coacción',
        (savepoint) => showTruthWhenNothingOn(savepoint, user.id),
        false,
      );
  }
  return { status: 200, message: toCheckIn(row, reminderMs) };
}

/** The input of an end no button made ('Estoy bien' on a fired check-in): pressed now, in the alert's own time zone. */
const ENDED_FROM_CHECK_IN: ActiveButtonInput = { alert_status: ALERT_END, latitude: '', longitude: '', timezone: '' };

/**
 * The check-in worker's 'check-in-due': a running check-in's deadline and grace passed, for a
 * check-in and person whose rows the worker holds locked. Returns the alert's id.
 */
export function runCheckInDue(deps: Deps, user: LockedUser, checkIn: CheckInRow): Promise<string> {
  return asOneEvent(deps.tx, ['check-in-fired'], async () => {
    const active = await readActiveAlert(deps.tx, user.id);
    const { effects } = advance({ alert: alertPhaseOf(active), checkIn: 'running' }, 'check-in-due');
    if (effects.includes('retire-hidden') && active) await retireHiddenAlert(deps, active, 'system');
    return fireCheckIn(
      { tx: deps.tx, config: deps.config, now: deps.now, ...(deps.log ? { log: deps.log } : {}) },
      user,
      checkIn,
    );
  });
}

/**
 * A guarded action's own I/O, which its route hands in (contacts, detention and profile sit above
 * the lifecycle): the action as asked, and its pretended version, which answers the same and
 * changes only what the person is shown. Both run inside the event's transaction.
 */
export type GuardedIo<T> = { carryOut: (tx: Queryable) => Promise<T>; pretend: (tx: Queryable) => Promise<T> };

/** What a guarded action comes to: the I/O's answer (carried out or pretended: one answer), or a refusal naming what is on. */
export type GuardedOutcome<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'pin-refused'; message: string; on: ShownOn }
  | { kind: 'wait-for-end'; on: ShownOn };

type GuardedDeps = Pick<AppDeps, 'db' | 'config'> & { now: Date };

/**
 * One guarded action (lifecycle.ts's GuardedAction but 'Borrar cuenta'), in its own transaction
 * with the person's row locked (the alert requests' lock): wrong PINs are counted one by one, and
 * no alert starts or ends between the judgement and the action.
 */
export async function runGuardedAction<T>(
  deps: GuardedDeps,
  userId: string,
  action: Exclude<GuardedAction, 'delete-account'>,
  pin: string | undefined,
  io: GuardedIo<T>,
): Promise<GuardedOutcome<T>> {
  return deps.db.transaction(async (tx) => {
    const judged = await judgeGuarded(tx, deps, userId, { action, pin });
    if (judged.refused) return judged.refused;
    const value = judged.effects.includes('pretend') ? await io.pretend(tx) : await io.carryOut(tx);
    return { kind: 'answered', value };
  });
}

/**
 * The check-in worker's 'check-in-due' for a check-in the duress PIN extended ('shown-running'):
 * the deadline the person was shown, and its grace, passed. It fired for the contacts when it was
 * extended; now it does what a real extension's check-in does at that deadline: a fresh alert with
 * its own e-mails, deliveries and reminders (the hidden alert gives way to it), or one more e-mail
 * on the alert the person sees on. The person is shown it fired with that alert. For a check-in and
 * person whose rows the worker holds locked; returns the alert's id.
 */
export function runCheckInShownDue(deps: Deps, user: LockedUser, checkIn: CheckInRow): Promise<string> {
  return asOneEvent(deps.tx, ['check-in-fired'], () => showCheckInFired(deps, user, checkIn));
}

async function showCheckInFired(deps: Deps, user: LockedUser, checkIn: CheckInRow): Promise<string> {
  const { tx, config, now } = deps;
  const active = await readActiveAlert(tx, user.id);
  const { effects } = advance({ alert: alertPhaseOf(active), checkIn: 'shown-running' }, 'check-in-due');
  if (effects.includes('retire-hidden') && active) await retireHiddenAlert(deps, active, 'system');
  const alertId = await fireCheckIn(
    { tx, config, now, ...(deps.log ? { log: deps.log } : {}) },
    user,
    { ...checkIn, dueAt: checkIn.duressDueAt ?? checkIn.dueAt },
    { shown: true },
  );
  if (effects.includes('show-to-person')) await showToPersonAsForced(deps, alertId);
  return alertId;
}

/** The account's own I/O, which profile (above the lifecycle) hands in: deleting now, or later. */
export type AccountDeletionIo = {
  deleteAccount: (tx: Queryable, userId: string) => Promise<boolean>;
  deferDeletion: (
    tx: Queryable,
    userId: string,
    familyId: string,
    now: Date,
    how: { everywhere: boolean; schedule: boolean },
  ) => Promise<unknown>;
};

/**
 * 'Borrar cuenta': deleted now when nobody is being told; else deferred until the alert's real
 * end, and this phone (or, with the real PIN, every device) signed out as a deletion signs it
 * out. `value`: whether the account was there to delete.
 */
export async function runAccountDeletion(
  deps: GuardedDeps,
  { userId, familyId }: { userId: string; familyId: string },
  pin: string | undefined,
  { deleteAccount, deferDeletion }: AccountDeletionIo,
): Promise<GuardedOutcome<boolean>> {
  return deps.db.transaction(async (tx) => {
    const judged = await judgeGuarded(tx, deps, userId, { action: 'delete-account', pin });
    if (judged.refused) return judged.refused;
    const has = (effect: LifecycleEffect) => judged.effects.includes(effect);
    if (has('delete-account')) return { kind: 'answered', value: await deleteAccount(tx, userId) };
    await deferDeletion(tx, userId, familyId, deps.now, {
      everywhere: has('sign-out-everywhere'),
      schedule: has('defer-deletion'),
    });
    return { kind: 'answered', value: true };
  });
}

/**
 * A guarded action's event, from the person's rows and the PIN (checked, and counted, only when the
 * state asks for it), and the machine's step; a refusal as the route answers it.
 */
async function judgeGuarded(
  tx: Queryable,
  { config, now }: GuardedDeps,
  userId: string,
  { action, pin }: { action: GuardedAction; pin: string | undefined },
): Promise<{ effects: LifecycleEffect[]; refused?: Exclude<GuardedOutcome<never>, { kind: 'answered' }> }> {
  const user = await lockUserForAlert(tx, userId);
  const { state } = await readState(tx, userId, now);
  const on = shownOn(state) ?? 'alert';
  let verdict: PinVerdict = 'unchecked';
  let message: string = pinMessages.pinWrong;
  if (guardAsksPin(state)) {
    // Asked with PINs or none: a PIN sent costs the same work either way (pin-check.ts).
    const check = await checkPin(tx, config.secret, user, pin?.trim() || undefined, now);
    if (check.kind === 'refused') message = check.message;
    // Shown no PINs after a duress 'Borrar PIN': refused until the end, as an account without PINs
    // is; only the owner's real PIN, which they know still works, carries the action out.
    const shownNone = check.kind === 'unset' || (check.kind === 'duress' && !pinsShown(user));
    verdict = shownNone ? 'no-pins' : check.kind === 'refused' ? 'wrong' : check.kind;
  }
  const { effects, person } = advance(state, { action, pin: verdict });
  if (person.answer === 'pin-asked') return { effects, refused: { kind: 'pin-refused', message, on } };
  if (person.answer === 'wait-for-end') return { effects, refused: { kind: 'wait-for-end', on } };
  return { effects };
}
