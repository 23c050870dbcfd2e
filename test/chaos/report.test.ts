import { describe, expect, it } from 'vitest';
import type { ChaosCounts } from './chaos-run.ts';
import { failures } from './report.ts';

/** The counts of a storm that did its work and lost nothing. */
function healthyRun(): ChaosCounts {
  return {
    title: 'una tormenta',
    presses: 200,
    answered: 150,
    queued: 50,
    refused: 0,
    alertsLost: 0,
    alertsDoubled: 0,
    endsLost: 0,
    emailsExpected: 200,
    emailsMissing: 0,
    emailsDuplicated: 3,
    emailsUnexpected: 0,
    emailsAfterWithdrawal: 0,
    outboxStuck: 0,
    checkInsSet: 12,
    checkInsDue: 9,
    checkInsFired: 9,
    checkInsLost: 0,
    checkInsDoubled: 0,
    checkInsClosed: 3,
    checkInsFiredAfterOk: 0,
    checkInsOkLate: 0,
    checkInCallsRefused: 0,
    checkInEmailsExpected: 9,
    checkInEmailsMissing: 0,
    checkInEmailsDuplicated: 0,
    faults: { pass: 400, delay: 40, drop: 12, reset: 30, 'lose-answer': 28, 'app-down': 5 },
    smtpRefused: 20,
    appRestarts: 1,
    postgresRestarts: 1,
    serverErrorsOutsideOutages: 0,
    answersDiffering: 0,
    stillQueued: 0,
    appsCrashed: 0,
    logLeaks: 0,
    duplicateAllowance: 60,
    seconds: 40,
  };
}

/** A run in which nothing happened: no press, no fault, nobody to e-mail, and so nothing lost. */
function emptyRun(): ChaosCounts {
  return {
    ...healthyRun(),
    presses: 0,
    answered: 0,
    queued: 0,
    emailsExpected: 0,
    emailsDuplicated: 0,
    checkInsSet: 0,
    checkInsDue: 0,
    checkInsFired: 0,
    checkInsClosed: 0,
    checkInEmailsExpected: 0,
    faults: { pass: 0, delay: 0, drop: 0, reset: 0, 'lose-answer': 0, 'app-down': 0 },
  };
}

describe('the chaos verdict', () => {
  it('passes a storm that pressed, met faults, expected e-mails and lost nothing', () => {
    expect(failures(healthyRun())).toEqual([]);
  });

  it('fails a run that did nothing, naming what is missing', () => {
    expect(failures(emptyRun())).toEqual([
      'presses: 0 (nothing was tested)',
      'faults: 0 (nothing was tested)',
      'emailsExpected: 0 (nothing was tested)',
      'checkInsFired: 0 (nothing was tested)',
      'checkInsClosed: 0 (nothing was tested)',
    ]);
  });

  it('counts only faults, not connections let through, as faults met', () => {
    const calm = {
      ...healthyRun(),
      faults: { pass: 600, delay: 0, drop: 0, reset: 0, 'lose-answer': 0, 'app-down': 0 },
    };
    expect(failures(calm)).toEqual(['faults: 0 (nothing was tested)']);
  });

  it('fails a storm that lost an alert, or repeated more e-mails than its crashes explain', () => {
    expect(failures({ ...healthyRun(), alertsLost: 1, alertsDoubled: 2 })).toEqual([
      'alertsLost: 1',
      'alertsDoubled: 2',
    ]);
    expect(failures({ ...healthyRun(), emailsDuplicated: 61 })).toEqual(['emailsDuplicated: 61 > 60']);
    // A start that reached a contact is never withdrawn, whatever crashed: that contact would never hear the end.
    expect(failures({ ...healthyRun(), emailsAfterWithdrawal: 1 })).toEqual(['emailsAfterWithdrawal: 1']);
  });

  it('fails a storm in which a due check-in did not fire, fired twice, or fired after its person said they were fine', () => {
    expect(failures({ ...healthyRun(), checkInsFired: 8, checkInsLost: 1 })).toEqual([
      'checkInsLost: 1',
      'checkInsFired: 8 of 9 due',
    ]);
    expect(failures({ ...healthyRun(), checkInsDoubled: 1 })).toEqual(['checkInsDoubled: 1']);
    expect(failures({ ...healthyRun(), checkInsClosed: 2, checkInsFiredAfterOk: 1 })).toEqual([
      'checkInsFiredAfterOk: 1',
    ]);
    expect(failures({ ...healthyRun(), emailsDuplicated: 58, checkInEmailsDuplicated: 3 })).toEqual([
      'emailsDuplicated: 61 > 60',
    ]);
  });
});
