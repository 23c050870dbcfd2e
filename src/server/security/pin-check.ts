import { eq } from 'drizzle-orm';
import { pinMessages } from '#shared/api/pins.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { pinMatches } from './pin-hash.ts';
import { readPinPair } from './pin-slots.ts';

/** Wrong PINs in a row that lock every route taking a PIN (pinMessages.tooManyAttempts says the wait). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCKOUT_MS = 15 * 60_000;

type PinUser = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'pinHashA'
  | 'pinHashB'
  | 'pinFailures'
  | 'pinLockedUntil'
  | 'shownPinHash'
  | 'shownOtherPinHash'
  | 'pinsShownAt'
>;

export type PinCheck =
  /** The person set no PINs: whatever was sent is ignored. */
  | { kind: 'unset' }
  | { kind: 'real' }
  | { kind: 'duress' }
  /** Missing or wrong: a 422 on the PIN's field. */
  | { kind: 'refused'; message: string }
  /** Locked after too many wrong PINs: a 429. */
  | { kind: 'locked'; retryAfterSeconds: number };

export const pinsSet = (user: Pick<PinUser, 'pinHashA'>) => user.pinHashA !== null;

/**
 * Whether the person is shown PINs set: after a change or delete made with the duress PIN,
 * what that change made (src/server/pins/routes.ts), never what protects the contacts.
 */
export const pinsShown = (user: Pick<PinUser, 'pinHashA' | 'shownPinHash' | 'pinsShownAt'>) =>
  user.pinsShownAt ? user.shownPinHash !== null : user.pinHashA !== null;

/**
 * A hash of the stored shape that no PIN makes (its key is zeros): checked against a PIN sent to
 * an account without PINs, so that it takes the one hash a PIN sent after a duress 'Borrar PIN' takes.
 */
const STAND_IN_HASH = `scrypt2$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(32).toString('base64url')}`;

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Check a PIN typed to end an alert, close a check-in or change the PINs, for a
 * person whose row the caller holds locked (lockUserForAlert), so that two
 * guesses at once are both counted. Both hashes are always computed: the real
 * and the duress PIN take the same time. A right PIN (either) clears the count;
 * the PIN_MAX_FAILURES-th wrong one locks every PIN route for PIN_LOCKOUT_MS.
 */
export async function checkPin(
  db: Queryable,
  secret: string,
  user: PinUser,
  pin: string | undefined,
  now: Date,
): Promise<PinCheck> {
  const pair = readPinPair(secret, user.id, user);
  const matches = (hash: string) => pinMatches(secret, pin ?? '', hash);
  // Without PINs, what is sent is ignored, but hashed as after a duress deletion (below): the same work.
  if (!pair) {
    if (pin) await matches(STAND_IN_HASH);
    return { kind: 'unset' };
  }
  // Shown no PINs after a delete made with the duress PIN: answered as an account without PINs
  // would be (nothing asked, nothing counted), and it ends nothing for the contacts, unless the
  // owner, who knows, sends the real PIN.
  if (!pinsShown(user)) return { kind: pin && (await matches(pair.real)) ? 'real' : 'duress' };
  if (user.pinLockedUntil && user.pinLockedUntil > now)
    return { kind: 'locked', retryAfterSeconds: secondsUntil(user.pinLockedUntil, now) };
  if (!pin) return { kind: 'refused', message: pinMessages.pinRequired };
  // The PINs a duress-made change set act as the duress PIN: whoever made it believes them real.
  // Always four hashes, the missing ones standing in for by the duress one (the same answer): after a
  // duress-made change the check must take no longer than before it, nor than the real PIN's.
  const shown = user.pinsShownAt ? [user.shownPinHash, user.shownOtherPinHash] : [null, null];
  const hashes = [pair.real, pair.duress, ...shown.map((hash) => hash ?? pair.duress)];
  const [real, ...others] = await Promise.all(hashes.map(matches));
  const duress = others.some(Boolean);
  if (real || duress) {
    if (user.pinFailures > 0 || user.pinLockedUntil)
      await db.update(users).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, user.id));
    return { kind: real ? 'real' : 'duress' };
  }
  const failures = user.pinFailures + 1;
  if (failures >= PIN_MAX_FAILURES) {
    const until = new Date(now.getTime() + PIN_LOCKOUT_MS);
    await db.update(users).set({ pinFailures: 0, pinLockedUntil: until }).where(eq(users.id, user.id));
    return { kind: 'locked', retryAfterSeconds: secondsUntil(until, now) };
  }
  await db.update(users).set({ pinFailures: failures }).where(eq(users.id, user.id));
  return { kind: 'refused', message: pinMessages.pinWrong };
}

/**
 * A request's body without its PIN, for the hash its idempotency key keeps: a PIN
 * has 10,000 values, so even a keyed hash of it would give it away to whoever
 * holds the table and SECRET far faster than its scrypt hash does.
 */
export function withoutPin<T extends { pin?: unknown }>(input: T): Omit<T, 'pin'> {
  const { pin, ...rest } = input;
  void pin;
  return rest;
}
