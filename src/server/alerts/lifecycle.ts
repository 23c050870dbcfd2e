/**
 * One alert's lifecycle as a pure function: what a person's event does to their
 * alert, what the person sees afterwards, what the contacts see, and what must
 * be written and sent. The routes read the phase from the rows, ask `step`, and
 * carry out its effects; they decide nothing about the duress PIN themselves.
 *
 * The duress PIN's promise lives here and only here: a phase the person cannot
 * tell from no alert at all ('hidden': ended with the duress PIN, still on for
 * the contacts). `personView` is the same for 'none' and 'hidden', and every step
 * from 'hidden' shows the person what the same step from 'none' shows them.
 */

/** 'hidden': ended with the duress PIN; the person is told it ended, the contacts that it goes on. */
export type AlertPhase = 'none' | 'on' | 'hidden';

/** The person's events on the alert ('press' while one is on is a position update). */
export type AlertEvent = 'press' | 'end' | 'duress-end' | 'practice';

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
  | 'practice-silent';

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

export const personView = (phase: AlertPhase): PersonAlertView => ({ alertOn: phase === 'on' });

export const contactsView = (phase: AlertPhase): ContactsAlertView => ({
  alertOn: phase !== 'none',
  forced: phase === 'hidden',
});

/** The phase of the person's one active alert row, if any. */
export const alertPhaseOf = (active: { endedByDuressAt: Date | null } | undefined): AlertPhase =>
  !active ? 'none' : active.endedByDuressAt ? 'hidden' : 'on';

const TABLE: Record<AlertPhase, Record<AlertEvent, [AlertPhase, AlertEffect[]]>> = {
  none: {
    press: ['on', ['start-alert']],
    end: ['none', []],
    'duress-end': ['none', []],
    practice: ['none', ['practice-mails']],
  },
  on: {
    press: ['on', ['record-position']],
    end: ['none', ['end-alert']],
    'duress-end': ['hidden', ['hide-from-person', 'tell-contacts-forced']],
    // The contacts must not read PRUEBA during a real alert: the reply says the alert is on.
    practice: ['on', []],
  },
  hidden: {
    // The person sees a fresh alert, as after any end; the contacts are told of the new press.
    press: ['on', ['retire-hidden', 'start-alert']],
    // Ended already, as far as the person is told: their screens offer nothing to end, and a replayed end changes nothing.
    end: ['hidden', []],
    'duress-end': ['hidden', []],
    practice: ['hidden', ['practice-silent']],
  },
};

export function step(phase: AlertPhase, event: AlertEvent): AlertStep {
  const [next, effects] = TABLE[phase][event];
  return { phase: next, person: personView(next), contacts: contactsView(next), effects };
}
