/**
 * One alert's lifecycle as a pure function: what a person's event does to their
 * alert, what the person sees afterwards, what the contacts see, and what must
 * be written and sent. One executor (lifecycle-executor.ts) reads the phase
 * from the rows, asks `step` (or `advance`, with the check-in beside it), and
 * carries out its effects; routes decide nothing about the duress PIN.
 *
 * The duress PIN's promise lives here and only here: a phase the person cannot
 * tell from no alert at all ('hidden': ended with the duress PIN, still on for
 * the contacts). `personView` is the same for 'none' and 'hidden', and every step
 * from 'hidden' shows the person what the same step from 'none' shows them.
 * 'revealed' is one they cannot tell from 'on': the fresh alert a check-in they
 * extended with the duress PIN starts at the deadline they were shown, as a real
 * extension's check-in starts one then, which the contacts go on reading as forced.
 */

/**
 * 'hidden': ended with the duress PIN; the person is told it ended, the contacts that it goes on.
 * 'revealed': shown to the person as on, told to the contacts as forced: the fresh alert of a check-in
 * extended with the duress PIN, started at the deadline the person was shown. (Alerts from before
 * that start were the hidden alert itself shown again; they read the same.)
 */
export type AlertPhase = 'none' | 'on' | 'hidden' | 'revealed';

/**
 * The events on the alert: the person's ('press' while one is on is a position update), and
 * those a check-in sends it (check-in events, below): its deadline passed unanswered
 * ('check-in-fire'), it was closed or extended with the duress PIN ('check-in-forced-fire'), or
 * the deadline the duress PIN's extension showed the person passed ('check-in-shown-fire'): it
 * fired for the contacts already, and now does what a real one does at that deadline, for the
 * person and for the contacts alike.
 */
export type AlertEvent =
  'press' | 'end' | 'duress-end' | 'practice' | 'check-in-fire' | 'check-in-forced-fire' | 'check-in-shown-fire';

export type AlertEffect =
  /** A fresh alert: its row, and its e-mails and notifications to every confirmed contact. */
  | 'start-alert'
  /** The hidden alert gives way to the fresh one of a new press (its contacts are told by the fresh one). */
  | 'retire-hidden'
  | 'record-position'
  /** Ended for everyone: the 'ended' e-mails. */
  | 'end-alert'
  /** From now on the person is shown no alert; the contacts' alert is untouched. */
  | 'hide-from-person'
  /** Each contact who got the alert reads that the end may have been forced. */
  | 'tell-contacts-forced'
  /** A practice: its 'PRUEBA' e-mails. */
  | 'practice-mails'
  /**
   * Answered as a practice is, with nothing sent: contacts told of a possible coercion must never then
   * read 'PRUEBA'. The person's list shows each contact's e-mail as sent.
   */
  | 'practice-silent'
  /** A check-in joins the alert that is on: one e-mail to its contacts saying it was missed. */
  | 'tell-contacts-missed'
  /**
   * The fresh alert a check-in the duress PIN extended starts at its shown deadline: the person sees
   * it as any alert that starts then; the contacts, told the check-in may have been forced, read it so.
   */
  | 'show-to-person';

/** What the person's screens are given: the same for 'none' and 'hidden', by construction. */
export type PersonAlertView = { alertOn: boolean };

/** What the contacts' pages are given. */
export type ContactsAlertView = { alertOn: boolean; forced: boolean };

export type AlertStep = {
  phase: AlertPhase;
  person: PersonAlertView;
  contacts: ContactsAlertView;
  effects: AlertEffect[];
};

export const personView = (phase: AlertPhase): PersonAlertView => ({ alertOn: phase === 'on' || phase === 'revealed' });

export const contactsView = (phase: AlertPhase): ContactsAlertView => ({
  alertOn: phase !== 'none',
  forced: phase === 'hidden' || phase === 'revealed',
});

/** The phase of the person's one active alert row, if any. */
export const alertPhaseOf = (
  active: { endedByDuressAt: Date | null; shownAgainAt?: Date | null } | undefined,
): AlertPhase => (!active ? 'none' : !active.endedByDuressAt ? 'on' : active.shownAgainAt ? 'revealed' : 'hidden');

const TABLE: Record<AlertPhase, Record<AlertEvent, [AlertPhase, AlertEffect[]]>> = {
  none: {
    press: ['on', ['start-alert']],
    end: ['none', []],
    'duress-end': ['none', []],
    practice: ['none', ['practice-mails']],
    'check-in-fire': ['on', ['start-alert']],
    // The person was told the check-in closed (or runs on): the alert it starts is theirs not to see.
    'check-in-forced-fire': ['hidden', ['start-alert', 'hide-from-person']],
    // Its alert ended for real since: the person sees a fresh alert, as at a real check-in's deadline.
    'check-in-shown-fire': ['on', ['start-alert']],
  },
  on: {
    press: ['on', ['record-position']],
    end: ['none', ['end-alert']],
    'duress-end': ['hidden', ['hide-from-person', 'tell-contacts-forced']],
    // The contacts must not read PRUEBA during a real alert: the reply says the alert is on.
    practice: ['on', []],
    'check-in-fire': ['on', ['tell-contacts-missed']],
    'check-in-forced-fire': ['on', ['tell-contacts-missed']],
    // As at a real extension's deadline: one more e-mail on the alert on (told of it as forced before).
    'check-in-shown-fire': ['on', ['tell-contacts-missed']],
  },
  hidden: {
    // The person sees a fresh alert, as after any end; the contacts are told of the new press.
    press: ['on', ['retire-hidden', 'start-alert']],
    // Ended already, as far as the person is told: their screens offer nothing to end, and a replayed end changes nothing.
    end: ['hidden', []],
    'duress-end': ['hidden', []],
    practice: ['hidden', ['practice-silent']],
    // A missed check-in after a duress end rejoins no hidden alert: the person sees the fresh alert a
    // missed check-in shows after any end, and the contacts are told of it as of a new press.
    'check-in-fire': ['on', ['retire-hidden', 'start-alert']],
    'check-in-forced-fire': ['hidden', ['tell-contacts-missed']],
    // What a real extension's deadline starts, a fresh alert: its e-mails, its deliveries and its reminders
    // from now, never the hidden alert's, which gives way to it (the contacts are told of it by the fresh one).
    'check-in-shown-fire': ['revealed', ['retire-hidden', 'start-alert', 'show-to-person']],
  },
  // Shown to the person as 'on' is: every step shows them what it shows from 'on'.
  revealed: {
    press: ['revealed', ['record-position']],
    end: ['none', ['end-alert']],
    'duress-end': ['hidden', ['hide-from-person', 'tell-contacts-forced']],
    practice: ['revealed', []],
    'check-in-fire': ['revealed', ['tell-contacts-missed']],
    'check-in-forced-fire': ['revealed', ['tell-contacts-missed']],
    'check-in-shown-fire': ['revealed', ['tell-contacts-missed']],
  },
};

export function step(phase: AlertPhase, event: AlertEvent): AlertStep {
  const [next, effects] = TABLE[phase][event];
  return { phase: next, person: personView(next), contacts: contactsView(next), effects };
}

/**
 * The person's check-in ('Avísales si no vuelvo'), as a second machine beside the alert's: its
 * events may send the alert one (a missed or forced check-in), and the alert's end may close it.
 * 'shown-running': extended with the duress PIN, so fired for the contacts, and shown to the person
 * as running until the deadline they chose (`duress_due_at`) has passed as a real deadline does (its
 * grace, and the worker's tick): then it is shown fired, with its alert on, as a real one fires.
 */
export type CheckInPhase = 'none' | 'running' | 'fired' | 'shown-running';

/**
 * The person's requests on their check-in (the duress ones: 'Estoy bien' or 'Necesito más tiempo'
 * with the duress PIN), and the system's 'check-in-due': its deadline and grace passed.
 */
export type CheckInEvent =
  | 'check-in-set'
  | 'check-in-position'
  | 'check-in-extend'
  | 'check-in-close'
  | 'check-in-duress-extend'
  | 'check-in-duress-close'
  | 'check-in-due';

export type CheckInEffect =
  | 'insert-check-in'
  /** 409 'Ya tienes un aviso en curso.': one is shown running. */
  | 'refuse-running'
  /** 404: no check-in is shown. */
  | 'refuse-none'
  | 'record-check-in-position'
  | 'extend-check-in'
  | 'close-check-in'
  /** It becomes an alert, through the alert's 'check-in-fire' or 'check-in-forced-fire'. */
  | 'fire-check-in'
  /** The deadline the person is shown moves; what the contacts were told stays. */
  | 'extend-shown'
  /** The person is shown it closed; for the contacts its alert goes on. */
  | 'close-shown'
  /** Its shown deadline passed: the person is shown it fired, with the alert it fires then (fresh, or the one on). */
  | 'show-fired';

/** What the person is shown of their check-in: the same for 'running' and 'shown-running'. */
export type PersonCheckInView = 'none' | 'running' | 'fired';

export const personCheckInView = (phase: CheckInPhase): PersonCheckInView =>
  phase === 'shown-running' ? 'running' : phase;

const CHECK_IN_TABLE: Record<CheckInPhase, Record<CheckInEvent, [CheckInPhase, CheckInEffect[], AlertEvent?]>> = {
  none: {
    'check-in-set': ['running', ['insert-check-in']],
    'check-in-position': ['none', ['refuse-none']],
    'check-in-extend': ['none', ['refuse-none']],
    'check-in-close': ['none', ['refuse-none']],
    'check-in-duress-extend': ['none', ['refuse-none']],
    'check-in-duress-close': ['none', ['refuse-none']],
    'check-in-due': ['none', []],
  },
  running: {
    'check-in-set': ['running', ['refuse-running']],
    'check-in-position': ['running', ['record-check-in-position']],
    'check-in-extend': ['running', ['extend-check-in']],
    'check-in-close': ['none', ['close-check-in']],
    // Fired now, through the one fire path, while the person is shown what the real PIN shows.
    'check-in-duress-extend': ['shown-running', ['fire-check-in', 'extend-shown'], 'check-in-forced-fire'],
    'check-in-duress-close': ['none', ['fire-check-in', 'close-shown'], 'check-in-forced-fire'],
    'check-in-due': ['fired', ['fire-check-in'], 'check-in-fire'],
  },
  // Fired, its alert on: only 'Estoy bien' changes anything, by ending the alert.
  fired: {
    // A new check-in may start; the fired one stays with its alert.
    'check-in-set': ['running', ['insert-check-in']],
    'check-in-position': ['fired', []],
    'check-in-extend': ['fired', []],
    'check-in-close': ['none', ['close-check-in'], 'end'],
    'check-in-duress-extend': ['fired', []],
    'check-in-duress-close': ['none', ['close-shown'], 'duress-end'],
    'check-in-due': ['fired', []],
  },
  // Requests change what the person is shown, never the alert, which is the contacts' to follow.
  'shown-running': {
    'check-in-set': ['shown-running', ['refuse-running']],
    'check-in-position': ['shown-running', ['record-check-in-position']],
    'check-in-extend': ['shown-running', ['extend-shown']],
    'check-in-close': ['none', ['close-shown']],
    'check-in-duress-extend': ['shown-running', ['extend-shown']],
    'check-in-duress-close': ['none', ['close-shown']],
    // Fired for the contacts already: the person is now shown what a real deadline shows.
    'check-in-due': ['fired', ['show-fired'], 'check-in-shown-fire'],
  },
};

/**
 * What a seized phone may do while the contacts are being told: every action that would reduce who
 * is told, what they are told, or the owner's access. Each carries the PIN typed with it (header
 * PIN_HEADER), which the executor checks only when `guardAsksPin` says the state asks for it.
 */
export type GuardedAction =
  | 'delete-contact'
  | 'unmark-detention-receiver'
  | 'replace-detention-info'
  | 'delete-detention-info'
  | 'revoke-other-sessions'
  | 'firm-consent-off'
  /** 'Borrar cuenta': while the contacts are told, deferred rather than pretended or refused. */
  | 'delete-account';

/**
 * The PIN of a guarded action, as checked: the real one, the duress one, a wrong or missing one,
 * any while the PINs are locked after too many wrong ones, or none set on the account.
 * 'unchecked': the state asks for no PIN, so none was checked (nor counted).
 */
export type PinVerdict = 'real' | 'duress' | 'wrong' | 'locked' | 'no-pins' | 'unchecked';

export type GuardedEvent = { action: GuardedAction; pin: PinVerdict };

export type GuardedEffect =
  /** The action as asked. */
  | 'carry-out'
  /**
   * Answered exactly as 'carry-out' is; only what the person is shown changes (a contact shown
   * deleted, the information shown unmarked...), never anything the contacts depend on.
   */
  | 'pretend'
  /** A 422 on the PIN, named for what the person is shown on. */
  | 'refuse-pin'
  /** No PINs set: nobody can tell the owner from someone else, so the contacts win until the end. */
  | 'refuse-until-end';

export type AccountEffect =
  | 'delete-account'
  /** The account waits for the alert's real end; the contacts lose nothing. */
  | 'defer-deletion'
  | 'sign-out-everywhere'
  | 'sign-out-this-phone';

/**
 * What the person's screen is answered to a guarded action: 'done' whether it was carried out,
 * pretended or deferred (one answer, by construction), else asked for the PIN, or told to wait.
 */
export type PersonAnswer = 'done' | 'pin-asked' | 'wait-for-end';

export type LifecycleState = { alert: AlertPhase; checkIn: CheckInPhase };
export type LifecycleEvent = AlertEvent | CheckInEvent | GuardedEvent;
export type LifecycleEffect = AlertEffect | CheckInEffect | GuardedEffect | AccountEffect;

export type LifecycleStep = {
  state: LifecycleState;
  /** `answer`: only for a guarded action. */
  person: PersonAlertView & { checkIn: PersonCheckInView; answer?: PersonAnswer };
  contacts: ContactsAlertView;
  effects: LifecycleEffect[];
};

const CHECK_IN_EVENTS = new Set<LifecycleEvent>(Object.keys(CHECK_IN_TABLE.none) as CheckInEvent[]);
const isCheckInEvent = (event: LifecycleEvent): event is CheckInEvent => CHECK_IN_EVENTS.has(event);
const isGuardedEvent = (event: LifecycleEvent): event is GuardedEvent => typeof event === 'object';

/** Whether the contacts are being told now: an alert on (hidden or not) or a check-in running. */
export const contactsBeingTold = (state: LifecycleState) => state.alert !== 'none' || state.checkIn === 'running';

/** What the person's screens show on, which a PIN question names: an alert, else a check-in. */
export type ShownOn = 'alert' | 'check-in';

export const shownOn = (state: LifecycleState): ShownOn | undefined =>
  personView(state.alert).alertOn ? 'alert' : personCheckInView(state.checkIn) === 'running' ? 'check-in' : undefined;

/**
 * Whether a guarded action asks for the PIN: while the contacts are being told of something the
 * person is shown on. Told of something the duress PIN hid from them, their screens show nothing
 * on, and with nothing on an action asks for nothing: it is pretended, whatever PIN came with it.
 */
export const guardAsksPin = (state: LifecycleState) => contactsBeingTold(state) && shownOn(state) !== undefined;

/** How a guarded action is judged: the PIN counts only where the state asks for it. */
type Judgement = 'free' | 'proven' | 'unproven' | 'pretend' | 'wrong';

function judge(state: LifecycleState, pin: PinVerdict): Judgement {
  if (!contactsBeingTold(state)) return 'free';
  if (!shownOn(state)) return 'pretend';
  if (pin === 'unchecked') throw new Error('a guarded action while the contacts are told needs its PIN checked');
  if (pin === 'real') return 'proven';
  if (pin === 'no-pins') return 'unproven';
  if (pin === 'wrong') return 'wrong';
  // The duress PIN, or any PIN while they are locked: whoever forces the person sees it work.
  return 'pretend';
}

const GUARDED_TABLE: Record<Judgement, { action: GuardedEffect[]; account: (GuardedEffect | AccountEffect)[] }> = {
  free: { action: ['carry-out'], account: ['delete-account'] },
  proven: { action: ['carry-out'], account: ['defer-deletion', 'sign-out-everywhere'] },
  // Without a PIN the owner's other devices may still end the alert: only this phone is signed out.
  unproven: { action: ['refuse-until-end'], account: ['defer-deletion', 'sign-out-this-phone'] },
  pretend: { action: ['pretend'], account: ['sign-out-this-phone'] },
  wrong: { action: ['refuse-pin'], account: ['refuse-pin'] },
};

const answerOf = (effects: LifecycleEffect[]): PersonAnswer =>
  effects.includes('refuse-pin') ? 'pin-asked' : effects.includes('refuse-until-end') ? 'wait-for-end' : 'done';

/** A guarded action: nothing the contacts are told changes, whatever the PIN; only what the person is answered. */
function guardedStep(state: LifecycleState, { action, pin }: GuardedEvent): LifecycleStep {
  const judged = GUARDED_TABLE[judge(state, pin)];
  const effects = action === 'delete-account' ? judged.account : judged.action;
  return {
    state,
    person: { ...personView(state.alert), checkIn: personCheckInView(state.checkIn), answer: answerOf(effects) },
    contacts: contactsView(state.alert),
    effects: [...effects],
  };
}

/**
 * One event on the person's whole state: the check-in's step, then the alert's step of the event
 * it sends (if any), then what the alert's end does to a fired check-in. Its effects, in order,
 * are the executor's to carry out (lifecycle-executor.ts).
 */
export function advance(state: LifecycleState, event: LifecycleEvent): LifecycleStep {
  if (isGuardedEvent(event)) return guardedStep(state, event);
  let { alert, checkIn } = state;
  const effects: LifecycleEffect[] = [];
  let alertEvent: AlertEvent | undefined;
  if (isCheckInEvent(event)) {
    const [next, checkInEffects, sent] = CHECK_IN_TABLE[checkIn][event];
    checkIn = next;
    effects.push(...checkInEffects);
    alertEvent = sent;
  } else {
    alertEvent = event;
  }
  if (alertEvent) {
    const before = alert;
    const stepped = step(alert, alertEvent);
    alert = stepped.phase;
    effects.push(...stepped.effects);
    // A fired check-in is its alert's: once that alert is over for the person, so is the check-in
    // (a duress end closes it as shown, the same as a real end does).
    if (checkIn === 'fired' && personView(before).alertOn && !personView(alert).alertOn) {
      checkIn = 'none';
      if (alert === 'hidden' && !effects.includes('close-shown')) effects.push('close-shown');
    }
  }
  return {
    state: { alert, checkIn },
    person: { ...personView(alert), checkIn: personCheckInView(checkIn) },
    contacts: contactsView(alert),
    effects,
  };
}
