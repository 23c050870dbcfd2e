/**
 * Which e-mails go first. The outbox claims rows by priority, then by due time:
 * a family learning of an SOS must never wait behind a flood of invitations.
 * Lower numbers go first.
 */
export const MAIL_PRIORITY = {
  /** An alert started, its position, its end, the reminders while nobody acknowledged it. */
  alert: 0,
  /** A sign-in code (or the code that resets forgotten PINs): someone is waiting on the screen for it. */
  signIn: 1,
  /** Invitations, practice alerts and notices. */
  other: 2,
} as const;

export type MailPriority = (typeof MAIL_PRIORITY)[keyof typeof MAIL_PRIORITY];

const BY_KIND: Record<string, MailPriority> = {
  'alert-started': MAIL_PRIORITY.alert,
  'alert-position': MAIL_PRIORITY.alert,
  'alert-ended': MAIL_PRIORITY.alert,
  'alert-reminder': MAIL_PRIORITY.alert,
  'alert-check-in-missed': MAIL_PRIORITY.alert,
  'alert-duress': MAIL_PRIORITY.alert,
  'pins-reset-code': MAIL_PRIORITY.signIn,
  'signin-code': MAIL_PRIORITY.signIn,
};

/**
 * The priority of an outbox kind. Kinds of an alert are named here one by one;
 * any other kind (an invitation, a practice, a notice, one added later) goes
 * last, so a new kind can never overtake an SOS by mistake.
 */
export function mailPriority(kind: string): MailPriority {
  return BY_KIND[kind] ?? MAIL_PRIORITY.other;
}
