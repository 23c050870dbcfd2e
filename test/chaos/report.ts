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
    `outbox stuck          ${c.outboxStuck}`,
    `still queued on phones ${c.stillQueued}`,
    `answers differing     ${c.answersDiffering}`,
    `apps died unkilled    ${c.appsCrashed}`,
    `5xx while db up       ${c.serverErrorsOutsideOutages}`,
    `log lines leaking     ${c.logLeaks}`,
  ].join('\n');
}

/** Everything that must be zero, named; an empty list is a pass. Duplicates fail only beyond what crashes explain. */
export function failures(c: ChaosCounts): string[] {
  const mustBeZero: (keyof ChaosCounts)[] = [
    'refused',
    'alertsLost',
    'alertsDoubled',
    'endsLost',
    'emailsMissing',
    'emailsUnexpected',
    'outboxStuck',
    'stillQueued',
    'answersDiffering',
    'appsCrashed',
    'serverErrorsOutsideOutages',
    'logLeaks',
  ];
  const found = mustBeZero.filter((name) => c[name] !== 0).map((name) => `${name}: ${String(c[name])}`);
  if (c.emailsDuplicated > c.duplicateAllowance) found.push(`emailsDuplicated: ${c.emailsDuplicated} > ${c.duplicateAllowance}`);
  return found;
}
