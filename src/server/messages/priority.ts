/**
 * Which messages go first. The outbox claims rows by priority, then by due time:
 * a family learning of an SOS must never wait behind a flood of invitations.
 * Lower numbers go first. Each kind names its own (kinds.ts).
 */
export const PRIORITY = {
  /** An alert started, its position, its end, the reminders while nobody acknowledged it, the phone notifications. */
  alert: 0,
  /** A sign-in code (or the code that resets forgotten PINs): someone is waiting on the screen for it. */
  signIn: 1,
  /** Invitations, practice alerts and notices. */
  other: 2,
} as const;

export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];
