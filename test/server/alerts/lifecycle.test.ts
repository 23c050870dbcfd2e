import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { step, type AlertEffect, type AlertEvent, type AlertPhase } from '#server/alerts/lifecycle.ts';

// The alert's lifecycle as a table: each event from each phase, with what the
// person then sees, what the contacts see, and what is written and sent.

type Row = [
  AlertPhase,
  AlertEvent,
  AlertPhase,
  { personSeesAlert: boolean; contactsSeeAlert: boolean; forced: boolean },
  AlertEffect[],
];

const TABLE: Row[] = [
  ['none', 'press', 'on', { personSeesAlert: true, contactsSeeAlert: true, forced: false }, ['start-alert']],
  ['none', 'end', 'none', { personSeesAlert: false, contactsSeeAlert: false, forced: false }, []],
  ['none', 'duress-end', 'none', { personSeesAlert: false, contactsSeeAlert: false, forced: false }, []],
  ['none', 'practice', 'none', { personSeesAlert: false, contactsSeeAlert: false, forced: false }, ['practice-mails']],
  ['none', 'check-in-fire', 'on', { personSeesAlert: true, contactsSeeAlert: true, forced: false }, ['start-alert']],
  [
    'none',
    'check-in-forced-fire',
    'hidden',
    { personSeesAlert: false, contactsSeeAlert: true, forced: true },
    ['start-alert', 'hide-from-person'],
  ],
  ['on', 'press', 'on', { personSeesAlert: true, contactsSeeAlert: true, forced: false }, ['record-position']],
  ['on', 'end', 'none', { personSeesAlert: false, contactsSeeAlert: false, forced: false }, ['end-alert']],
  [
    'on',
    'duress-end',
    'hidden',
    { personSeesAlert: false, contactsSeeAlert: true, forced: true },
    ['hide-from-person', 'tell-contacts-forced'],
  ],
  ['on', 'practice', 'on', { personSeesAlert: true, contactsSeeAlert: true, forced: false }, []],
  [
    'on',
    'check-in-fire',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['tell-contacts-missed'],
  ],
  [
    'on',
    'check-in-forced-fire',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['tell-contacts-missed'],
  ],
  [
    'hidden',
    'press',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['retire-hidden', 'start-alert'],
  ],
  ['hidden', 'end', 'hidden', { personSeesAlert: false, contactsSeeAlert: true, forced: true }, []],
  ['hidden', 'duress-end', 'hidden', { personSeesAlert: false, contactsSeeAlert: true, forced: true }, []],
  [
    'hidden',
    'practice',
    'hidden',
    { personSeesAlert: false, contactsSeeAlert: true, forced: true },
    ['practice-silent'],
  ],
  [
    'hidden',
    'check-in-fire',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['retire-hidden', 'start-alert'],
  ],
  [
    'hidden',
    'check-in-forced-fire',
    'hidden',
    { personSeesAlert: false, contactsSeeAlert: true, forced: true },
    ['tell-contacts-missed'],
  ],
  // A check-in the duress PIN extended reaches the deadline the person was shown: what a real one's deadline shows.
  [
    'none',
    'check-in-shown-fire',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['start-alert'],
  ],
  [
    'on',
    'check-in-shown-fire',
    'on',
    { personSeesAlert: true, contactsSeeAlert: true, forced: false },
    ['tell-contacts-missed'],
  ],
  // A fresh alert, as a real extension's deadline starts, which the contacts read as forced.
  [
    'hidden',
    'check-in-shown-fire',
    'revealed',
    { personSeesAlert: true, contactsSeeAlert: true, forced: true },
    ['retire-hidden', 'start-alert', 'show-to-person'],
  ],
  [
    'revealed',
    'press',
    'revealed',
    { personSeesAlert: true, contactsSeeAlert: true, forced: true },
    ['record-position'],
  ],
  ['revealed', 'end', 'none', { personSeesAlert: false, contactsSeeAlert: false, forced: false }, ['end-alert']],
  [
    'revealed',
    'duress-end',
    'hidden',
    { personSeesAlert: false, contactsSeeAlert: true, forced: true },
    ['hide-from-person', 'tell-contacts-forced'],
  ],
  ['revealed', 'practice', 'revealed', { personSeesAlert: true, contactsSeeAlert: true, forced: true }, []],
  [
    'revealed',
    'check-in-fire',
    'revealed',
    { personSeesAlert: true, contactsSeeAlert: true, forced: true },
    ['tell-contacts-missed'],
  ],
  [
    'revealed',
    'check-in-forced-fire',
    'revealed',
    { personSeesAlert: true, contactsSeeAlert: true, forced: true },
    ['tell-contacts-missed'],
  ],
  [
    'revealed',
    'check-in-shown-fire',
    'revealed',
    { personSeesAlert: true, contactsSeeAlert: true, forced: true },
    ['tell-contacts-missed'],
  ],
];

const EVENTS: AlertEvent[] = [
  'press',
  'end',
  'duress-end',
  'practice',
  'check-in-fire',
  'check-in-forced-fire',
  'check-in-shown-fire',
];
const CONTACT_MAIL: AlertEffect[] = ['start-alert', 'end-alert', 'tell-contacts-forced', 'practice-mails'];

/** The person's view after each event of a script, from no alert. */
function personViews(events: AlertEvent[]): boolean[] {
  let phase: AlertPhase = 'none';
  return events.map((event) => {
    const next = step(phase, event);
    phase = next.phase;
    return next.person.alertOn;
  });
}

describe('the alert lifecycle', () => {
  it.each(TABLE)('from %s, %s leads to %s', (from, event, to, views, effects) => {
    expect(step(from, event)).toEqual({
      phase: to,
      person: { alertOn: views.personSeesAlert },
      contacts: { alertOn: views.contactsSeeAlert, forced: views.forced },
      effects,
    });
  });

  it('covers every phase and event', () => {
    const phases: AlertPhase[] = ['none', 'on', 'hidden', 'revealed'];
    expect(TABLE.map(([from, event]) => `${from}/${event}`).sort()).toEqual(
      phases.flatMap((from) => EVENTS.map((event) => `${from}/${event}`)).sort(),
    );
  });

  it('shows the person the same thing whichever PIN ended the alert, for any script that follows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...EVENTS), { maxLength: 12 }),
        fc.array(fc.constantFrom(...EVENTS), { maxLength: 12 }),
        (before, after) => {
          const real = personViews([...before, 'end', ...after]);
          const duress = personViews([...before, 'duress-end', ...after]);
          expect(duress).toEqual(real);
        },
      ),
    );
  });

  it('never stops telling the contacts after a duress end until a new press gives them a fresh alert', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<AlertEvent>('end', 'duress-end', 'practice'), { maxLength: 12 }),
        (later) => {
          let phase: AlertPhase = step('on', 'duress-end').phase;
          for (const event of later) {
            const next = step(phase, event);
            expect(next.contacts).toEqual({ alertOn: true, forced: true });
            // Nothing that reads as calm news (an end, a PRUEBA) reaches contacts told of a possible coercion.
            expect(next.effects.filter((effect) => CONTACT_MAIL.includes(effect))).toEqual([]);
            phase = next.phase;
          }
        },
      ),
    );
  });
});
