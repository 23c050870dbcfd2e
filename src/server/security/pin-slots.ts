import { createHmac } from 'node:crypto';
import { isUnkeyed } from './pin-hash.ts';

// The real and the duress PIN's hashes sit in two columns named alike (users.pin_hash_a and
// pin_hash_b), and which of them holds the real one is a bit of an HMAC of the person's id
// under SECRET: a copy of the table says nothing of which PIN ends an alert for real. Pairs
// stored before this kept the real hash in the first column; their hashes are unkeyed
// (pin-hash.ts), and they keep that order until the person sets new PINs.

type Slots = { pinHashA: string | null; pinHashB: string | null };
export type PinPair = { real: string; duress: string };

const realFirst = (secret: string, userId: string) =>
  (createHmac('sha256', secret).update(`pin-slot\0${userId}`).digest()[0]! & 1) === 0;

/** The columns for a new pair of hashes. */
export function storePinPair(secret: string, userId: string, pair: PinPair): { pinHashA: string; pinHashB: string } {
  return realFirst(secret, userId)
    ? { pinHashA: pair.real, pinHashB: pair.duress }
    : { pinHashA: pair.duress, pinHashB: pair.real };
}

/** The stored pair, or null when the person set no PINs. */
export function readPinPair(secret: string, userId: string, { pinHashA, pinHashB }: Slots): PinPair | null {
  if (!pinHashA || !pinHashB) return null;
  const first = isUnkeyed(pinHashA) || realFirst(secret, userId);
  return first ? { real: pinHashA, duress: pinHashB } : { real: pinHashB, duress: pinHashA };
}

/** The columns of a person without PINs. */
export const noPinPair = { pinHashA: null, pinHashB: null } as const;
