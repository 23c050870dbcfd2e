import type { ChaosCounts } from './chaos-run.ts';

/** The counts of one run, one per line, as `npm run test:chaos` prints them. */
export function formatCounts(c: ChaosCounts): string {
  const faults = Object.entries(c.faults)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return [
    `== ${c.title} (${c.seconds} s)`,
    `presses               ${c.presses} (answered ${c.answered}, queued ${c.queued}, refused ${c.refused})`,
    `connections           ${faults}`,
    `SMTP refusals         ${c.smtpRefused}`,
    `restarts              app ${c.appRestarts}, postgres ${c.postgresRestarts}`,
    `alerts lost           ${c.alertsLost}`,
    `alerts doubled        ${c.alertsDoubled}`,
    `ends lost             ${c.endsLost}`,
    `e-mails expected      ${c.emailsExpected}`,
    `e-mails missing       ${c.emailsMissing}`,
    `e-mails duplicated    ${c.emailsDuplicated} (crashes explain at most ${c.duplicateAllowance})`,
    `e-mails unexpected    ${c.emailsUnexpected}`,
    `starts then withdrawn ${c.emailsAfterWithdrawal}`,
    `outbox stuck          ${c.outboxStuck}`,
    `check-ins set         ${c.checkInsSet} (due ${c.checkInsDue}, closed in time ${c.checkInsClosed}, calls refused ${c.checkInCallsRefused})`,
    `check-ins fired       ${c.checkInsFired} (lost ${c.checkInsLost}, doubled ${c.checkInsDoubled}, fired after 'Estoy bien' ${c.checkInsFiredAfterOk}, 'Estoy bien' late ${c.checkInsOkLate})`,
    `check-in e-mails      ${c.checkInEmailsExpected} expected (missing ${c.checkInEmailsMissing}, duplicated ${c.checkInEmailsDuplicated})`,
    `still queued on phones ${c.stillQueued}`,
    `answers differing     ${c.answersDiffering}`,
    `apps died unkilled    ${c.appsCrashed}`,
    `5xx while db up       ${c.serverErrorsOutsideOutages}`,
    `log lines leaking     ${c.logLeaks}`,
  ].join('\n');
}

/** Connections the proxy did not let through untouched. */
export const faultsMet = (c: Pick<ChaosCounts, 'faults'>): number =>
  Object.entries(c.faults).reduce((sum, [kind, n]) => (kind === 'pass' ? sum : sum + n), 0);

/**
 * Everything that must be zero, named; an empty list is a pass. Duplicates fail
 * only beyond what crashes explain. A run that pressed nothing, met no fault or
 * expected no e-mail proves nothing, so it fails too (a broken stage, phones
 * that never sent, people without contacts).
 */
export function failures(c: ChaosCounts): string[] {
  const mustBeZero: (keyof ChaosCounts)[] = [
    'refused',
    'alertsLost',
    'alertsDoubled',
    'endsLost',
    'emailsMissing',
    'emailsUnexpected',
    'emailsAfterWithdrawal',
    'outboxStuck',
    'stillQueued',
    'answersDiffering',
    'appsCrashed',
    'serverErrorsOutsideOutages',
    'logLeaks',
    'checkInsLost',
    'checkInsDoubled',
    'checkInsFiredAfterOk',
    'checkInCallsRefused',
    'checkInEmailsMissing',
  ];
  const mustBeAboveZero: [string, number][] = [
    ['presses', c.presses],
    ['faults', faultsMet(c)],
    ['emailsExpected', c.emailsExpected],
    ['checkInsFired', c.checkInsFired],
    ['checkInsClosed', c.checkInsClosed],
  ];
  const found = mustBeAboveZero.filter(([, n]) => !(n > 0)).map(([name, n]) => `${name}: ${n} (nothing was tested)`);
  found.push(...mustBeZero.filter((name) => c[name] !== 0).map((name) => `${name}: ${String(c[name])}`));
  // Every due check-in fired: none of them may be missing from the count, whatever else went right.
  if (c.checkInsFired !== c.checkInsDue) found.push(`checkInsFired: ${c.checkInsFired} of ${c.checkInsDue} due`);
  const duplicated = c.emailsDuplicated + c.checkInEmailsDuplicated;
  if (duplicated > c.duplicateAllowance) found.push(`emailsDuplicated: ${duplicated} > ${c.duplicateAllowance}`);
  return found;
}
