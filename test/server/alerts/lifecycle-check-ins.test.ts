import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  guardAsksPin,
  personView,
  step,
  type AccountEffect,
  type AlertEvent,
  type AlertPhase,
  type CheckInEffect,
  type CheckInEvent,
  type CheckInPhase,
  type GuardedAction,
  type GuardedEffect,
  type LifecycleEvent,
  type LifecycleState,
  type PersonAnswer,
  type PersonCheckInView,
  type PinVerdict,
} from '#server/alerts/lifecycle.ts';

// The check-in's machine beside the alert's, and the guarded actions of a seized
// phone (the account's deletion among them), as tables: each check-in event from each check-in phase, with what the person is
// then shown of the check-in, its own effects, and the event it sends the alert
// (whose own table is lifecycle.test.ts's). `advance` runs both for every alert
// phase the check-in phase can be seen with.

type Row = [CheckInPhase, CheckInEvent, CheckInPhase, PersonCheckInView, CheckInEffect[], AlertEvent | null];

const CHECK_IN_TABLE: Row[] = [
  ['none', 'check-in-set', 'running', 'running', ['insert-check-in'], null],
  ['none', 'check-in-position', 'none', 'none', ['refuse-none'], null],
  ['none', 'check-in-extend', 'none', 'none', ['refuse-none'], null],
  ['none', 'check-in-close', 'none', 'none', ['refuse-none'], null],
  ['none', 'check-in-duress-extend', 'none', 'none', ['refuse-none'], null],
  ['none', 'check-in-duress-close', 'none', 'none', ['refuse-none'], null],
  ['none', 'check-in-due', 'none', 'none', [], null],
  ['running', 'check-in-set', 'running', 'running', ['refuse-running'], null],
  ['running', 'check-in-position', 'running', 'running', ['record-check-in-position'], null],
  ['running', 'check-in-extend', 'running', 'running', ['extend-check-in'], null],
  ['running', 'check-in-close', 'none', 'none', ['close-check-in'], null],
  [
    'running',
    'check-in-duress-extend',
    'shown-running',
    'running',
    ['fire-check-in', 'extend-shown'],
    'check-in-forced-fire',
  ],
  ['running', 'check-in-duress-close', 'none', 'none', ['fire-check-in', 'close-shown'], 'check-in-forced-fire'],
  ['running', 'check-in-due', 'fired', 'fired', ['fire-check-in'], 'check-in-fire'],
  ['fired', 'check-in-set', 'running', 'running', ['insert-check-in'], null],
  ['fired', 'check-in-position', 'fired', 'fired', [], null],
  ['fired', 'check-in-extend', 'fired', 'fired', [], null],
  ['fired', 'check-in-close', 'none', 'none', ['close-check-in'], 'end'],
  ['fired', 'check-in-duress-extend', 'fired', 'fired', [], null],
  ['fired', 'check-in-duress-close', 'none', 'none', ['close-shown'], 'duress-end'],
  ['fired', 'check-in-due', 'fired', 'fired', [], null],
  ['shown-running', 'check-in-set', 'shown-running', 'running', ['refuse-running'], null],
  ['shown-running', 'check-in-position', 'shown-running', 'running', ['record-check-in-position'], null],
  ['shown-running', 'check-in-extend', 'shown-running', 'running', ['extend-shown'], null],
  ['shown-running', 'check-in-close', 'none', 'none', ['close-shown'], null],
  ['shown-running', 'check-in-duress-extend', 'shown-running', 'running', ['extend-shown'], null],
  ['shown-running', 'check-in-duress-close', 'none', 'none', ['close-shown'], null],
  ['shown-running', 'check-in-due', 'fired', 'fired', ['show-fired'], 'check-in-shown-fire'],
];

const ALERT_PHASES: AlertPhase[] = ['none', 'on', 'hidden', 'revealed'];
const CHECK_IN_PHASES: CheckInPhase[] = ['none', 'running', 'fired', 'shown-running'];
const CHECK_IN_EVENTS: CheckInEvent[] = [
  'check-in-set',
  'check-in-position',
  'check-in-extend',
  'check-in-close',
  'check-in-duress-extend',
  'check-in-duress-close',
  'check-in-due',
];

/**
 * A fired check-in is its shown alert's; one shown running after the duress PIN has fired an alert
 * (which may have ended for real since, if a new press replaced the hidden one).
 */
const seenWith = (checkIn: CheckInPhase): AlertPhase[] =>
  checkIn === 'fired' ? ['on', 'revealed'] : checkIn === 'shown-running' ? ALERT_PHASES : ALERT_PHASES;

describe("the check-in's lifecycle", () => {
  it('covers every check-in phase and event', () => {
    expect(CHECK_IN_TABLE.map(([from, event]) => `${from}/${event}`).sort()).toEqual(
      CHECK_IN_PHASES.flatMap((from) => CHECK_IN_EVENTS.map((event) => `${from}/${event}`)).sort(),
    );
  });

  describe.each(CHECK_IN_TABLE)('from %s, %s', (from, event, to, shown, effects, sent) => {
    it.each(seenWith(from))(`leads to ${to} with the alert %s`, (alert) => {
      const alertStep = sent ? step(alert, sent) : undefined;
      const then = alertStep?.phase ?? alert;
      expect(advance({ alert, checkIn: from }, event)).toEqual({
        state: { alert: then, checkIn: to },
        person: { alertOn: then === 'on' || then === 'revealed', checkIn: shown },
        contacts: { alertOn: then !== 'none', forced: then === 'hidden' || then === 'revealed' },
        effects: [...effects, ...(alertStep?.effects ?? [])],
      });
    });
  });

  // The cases where the two machines meet, written out whole.
  it.each<[LifecycleState, LifecycleEvent, LifecycleState, string[]]>([
    [
      { alert: 'none', checkIn: 'running' },
      'check-in-due',
      { alert: 'on', checkIn: 'fired' },
      ['fire-check-in', 'start-alert'],
    ],
    [
      { alert: 'hidden', checkIn: 'running' },
      'check-in-due',
      { alert: 'on', checkIn: 'fired' },
      ['fire-check-in', 'retire-hidden', 'start-alert'],
    ],
    [
      { alert: 'none', checkIn: 'running' },
      'check-in-duress-close',
      { alert: 'hidden', checkIn: 'none' },
      ['fire-check-in', 'close-shown', 'start-alert', 'hide-from-person'],
    ],
    [
      { alert: 'on', checkIn: 'fired' },
      'check-in-close',
      { alert: 'none', checkIn: 'none' },
      ['close-check-in', 'end-alert'],
    ],
    [{ alert: 'on', checkIn: 'fired' }, 'end', { alert: 'none', checkIn: 'none' }, ['end-alert']],
    // A check-in the duress PIN extended, at the deadline the person was shown: fired, with a fresh alert
    // shown on, as a real extension's deadline starts one.
    [
      { alert: 'hidden', checkIn: 'shown-running' },
      'check-in-due',
      { alert: 'revealed', checkIn: 'fired' },
      ['show-fired', 'retire-hidden', 'start-alert', 'show-to-person'],
    ],
    // Then 'Estoy bien' ends it for everyone with the real PIN, and hides it again with the duress PIN.
    [
      { alert: 'revealed', checkIn: 'fired' },
      'check-in-close',
      { alert: 'none', checkIn: 'none' },
      ['close-check-in', 'end-alert'],
    ],
    [
      { alert: 'revealed', checkIn: 'fired' },
      'check-in-duress-close',
      { alert: 'hidden', checkIn: 'none' },
      ['close-shown', 'hide-from-person', 'tell-contacts-forced'],
    ],
    // FINALIZAR ALERTA with the duress PIN closes the fired check-in as the person is shown it, as a real end does.
    [
      { alert: 'on', checkIn: 'fired' },
      'duress-end',
      { alert: 'hidden', checkIn: 'none' },
      ['hide-from-person', 'tell-contacts-forced', 'close-shown'],
    ],
  ])('from %o, %s leads to %o', (from, event, to, effects) => {
    const next = advance(from, event);
    expect({ state: next.state, effects: next.effects }).toEqual({ state: to, effects });
  });
});

// The guarded actions (deleting a contact, unmarking who receives the detention information,
// replacing or deleting it, closing the other sessions, turning the firm's consent off) and
// 'Borrar cuenta', from every state, with each PIN verdict: what is done, and what the person is
// answered. Nothing the contacts are told changes, whatever the PIN.

type GuardedRow = [LifecycleState, PinVerdict, GuardedEffect[], (GuardedEffect | AccountEffect)[], PersonAnswer];

const NOTHING_TOLD: LifecycleState[] = [
  { alert: 'none', checkIn: 'none' },
  // A check-in extended with the duress PIN whose alert then ended for real.
  { alert: 'none', checkIn: 'shown-running' },
];
const SHOWN_ON: LifecycleState[] = [
  { alert: 'on', checkIn: 'none' },
  { alert: 'on', checkIn: 'running' },
  { alert: 'on', checkIn: 'fired' },
  { alert: 'on', checkIn: 'shown-running' },
  { alert: 'none', checkIn: 'running' },
  { alert: 'hidden', checkIn: 'running' },
  { alert: 'hidden', checkIn: 'shown-running' },
  // Hidden, then shown to the person again at a duress extension's shown deadline: on, as they see it.
  { alert: 'revealed', checkIn: 'none' },
  { alert: 'revealed', checkIn: 'running' },
  { alert: 'revealed', checkIn: 'fired' },
  { alert: 'revealed', checkIn: 'shown-running' },
];
// Told of what the duress PIN hid from the person, who is shown nothing on.
const HIDDEN_ONLY: LifecycleState = { alert: 'hidden', checkIn: 'none' };
const VERDICTS: PinVerdict[] = ['real', 'duress', 'wrong', 'locked', 'no-pins'];

const GUARDED_TABLE: GuardedRow[] = [
  ...NOTHING_TOLD.flatMap((state) =>
    (['unchecked', ...VERDICTS] as const).map((pin): GuardedRow => [
      state,
      pin,
      ['carry-out'],
      ['delete-account'],
      'done',
    ]),
  ),
  ...(['unchecked', ...VERDICTS] as const).map((pin): GuardedRow => [
    HIDDEN_ONLY,
    pin,
    ['pretend'],
    ['sign-out-this-phone'],
    'done',
  ]),
  ...SHOWN_ON.flatMap((state): GuardedRow[] => [
    [state, 'real', ['carry-out'], ['defer-deletion', 'sign-out-everywhere'], 'done'],
    [state, 'duress', ['pretend'], ['sign-out-this-phone'], 'done'],
    [state, 'locked', ['pretend'], ['sign-out-this-phone'], 'done'],
    [state, 'wrong', ['refuse-pin'], ['refuse-pin'], 'pin-asked'],
    // Refused with no PINs (nobody can tell the owner), but for the account, which waits for the end.
    [state, 'no-pins', ['refuse-until-end'], ['defer-deletion', 'sign-out-this-phone'], 'wait-for-end'],
  ]),
];
const ACTIONS: Exclude<GuardedAction, 'delete-account'>[] = [
  'delete-contact',
  'unmark-detention-receiver',
  'replace-detention-info',
  'delete-detention-info',
  'revoke-other-sessions',
  'firm-consent-off',
];

describe('the guarded actions of a seized phone', () => {
  it('covers every state a person can be in', () => {
    const all = ALERT_PHASES.flatMap((alert) =>
      CHECK_IN_PHASES.filter((checkIn) => seenWith(checkIn).includes(alert)).map((checkIn) => ({ alert, checkIn })),
    );
    expect(new Set(GUARDED_TABLE.map(([state]) => JSON.stringify(state)))).toEqual(
      new Set([...all, { alert: 'none', checkIn: 'shown-running' }].map((state) => JSON.stringify(state))),
    );
  });

  describe.each(GUARDED_TABLE)('from %o with the PIN %s', (state, pin, effects, account, answer) => {
    const contacts = advance(state, 'practice').contacts;
    const checkIn = advance(state, 'check-in-position').person.checkIn;
    it.each(ACTIONS)('%s', (action) => {
      expect(advance(state, { action, pin })).toEqual({
        state,
        person: { ...personView(state.alert), checkIn, answer },
        contacts,
        effects,
      });
    });
    it('delete-account', () => {
      expect(advance(state, { action: 'delete-account', pin })).toEqual({
        state,
        // The account never waits to be answered: it waits for the end itself.
        person: { ...personView(state.alert), checkIn, answer: answer === 'wait-for-end' ? 'done' : answer },
        contacts,
        effects: account,
      });
    });
  });

  it('asks for the PIN exactly where it is checked: an unchecked PIN there is a mistake of the executor', () => {
    for (const state of SHOWN_ON) {
      expect(guardAsksPin(state)).toBe(true);
      expect(() => advance(state, { action: 'delete-contact', pin: 'unchecked' })).toThrow();
    }
    for (const state of [...NOTHING_TOLD, HIDDEN_ONLY]) expect(guardAsksPin(state)).toBe(false);
  });
});

// The person's requests, each with the PIN it may carry: the real one, or the duress one.
const WITH_PIN = {
  end: 'duress-end',
  'check-in-close': 'check-in-duress-close',
  'check-in-extend': 'check-in-duress-extend',
} as const satisfies Partial<Record<AlertEvent | CheckInEvent, LifecycleEvent>>;
type WithPin = keyof typeof WITH_PIN;

// Every other event: the person's, the check-in worker's at a deadline (the real one, or the one the
// duress PIN's extension showed the person), which fires a running check-in, and the guarded actions.
const OTHERS: LifecycleEvent[] = [
  'press',
  'practice',
  'check-in-set',
  'check-in-position',
  'check-in-due',
  // A wrong PIN, or any while locked, the same in both scripts.
  ...[...ACTIONS, 'delete-account' as const].flatMap((action) =>
    (['wrong', 'locked'] as const).map((pin) => ({ action, pin })),
  ),
];

/** A step of a script: the event with the real PIN, and the same request with the duress PIN. */
type Step = { real: LifecycleEvent; duress: LifecycleEvent };
const steps: Step[] = [
  ...OTHERS.map((event) => ({ real: event, duress: event })),
  ...(Object.keys(WITH_PIN) as WithPin[]).map((event) => ({ real: event, duress: WITH_PIN[event] })),
  ...[...ACTIONS, 'delete-account' as const].map((action) => ({
    real: { action, pin: 'real' as const },
    duress: { action, pin: 'duress' as const },
  })),
];

function personViews(events: LifecycleEvent[]) {
  let state: LifecycleState = { alert: 'none', checkIn: 'none' };
  return events.map((event) => {
    const next = advance(state, event);
    state = next.state;
    return next.person;
  });
}

describe('the duress PIN, across both machines', () => {
  it('shows the person the same thing after every event, whichever PIN each request carried', () => {
    const script = fc.array(fc.constantFrom(...steps), { maxLength: 16 });
    fc.assert(
      fc.property(script, fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), (events, duress) => {
        const real = personViews(events.map((step) => step.real));
        const forced = personViews(events.map((step, i) => (duress[i] ? step.duress : step.real)));
        expect(forced).toEqual(real);
      }),
      { numRuns: 500 },
    );
  });
});
