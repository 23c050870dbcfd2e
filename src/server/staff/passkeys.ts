import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { StaffMember } from '#shared/api/staff.ts';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { staff, staffChallenges, staffPasskeys } from '#server/db/schema.ts';
import { relyingParty } from './relying-party.ts';
import { startStaffSession, type StaffSession } from './staff-sessions.ts';

/** How long a ceremony may take, from the options to the answer. */
const CEREMONY_MS = 5 * 60_000;

type Party = Pick<Config, 'publicUrl' | 'firmName'>;

export type CeremonyOutcome =
  | { kind: 'signed-in'; session: StaffSession; staff: StaffMember }
  /** No such ticket, or it expired or was used. */
  | { kind: 'expired' }
  /** The answer did not verify. */
  | { kind: 'failed' }
  /** Sign-in with a credential nobody on the staff owns (removed, or never enrolled here). */
  | { kind: 'unknown' }
  /** Enrolment for an address that already has its passkey: only the first is enrolled by code. */
  | { kind: 'already-enrolled' };

export async function passkeyCount(db: Queryable, staffId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));
  return row?.n ?? 0;
}

/** The challenge row of a ticket, deleted as it is read: each answers once. */
async function takeChallenge(db: Queryable, ticket: string, purpose: 'enrol' | 'signin', now: Date) {
  const [row] = await db
    .delete(staffChallenges)
    .where(
      and(eq(staffChallenges.id, ticket), eq(staffChallenges.purpose, purpose), gt(staffChallenges.expiresAt, now)),
    )
    .returning();
  return row;
}

/** A ticket for a new ceremony's challenge: its answer must come back with it within CEREMONY_MS. */
async function ticketFor(
  db: Queryable,
  purpose: 'enrol' | 'signin',
  challenge: string,
  now: Date,
  staffId?: string,
): Promise<string> {
  const [row] = await db
    .insert(staffChallenges)
    .values({ challenge, purpose, staffId, expiresAt: new Date(now.getTime() + CEREMONY_MS) })
    .returning({ id: staffChallenges.id });
  return row!.id;
}

const memberOf = (row: typeof staff.$inferSelect): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
  onCall: row.onCall,
});

/** Options for enrolling the first passkey of `member`, whose e-mailed code was just accepted. */
export async function enrolmentOptions(
  db: Queryable,
  config: Party,
  member: StaffMember,
  now: Date,
): Promise<{ ticket: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const rp = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: `Escritorio de ${config.firmName}`,
    rpID: rp.id,
    userName: member.email,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    // A discoverable credential: later sign-ins ask for no address, only the passkey.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { ticket: await ticketFor(db, 'enrol', options.challenge, now, member.id), options };
}

/** Verify and store the first passkey, and open a desk session: in the caller's transaction. */
export async function finishEnrolment(
  tx: Queryable,
  config: Party,
  ticket: string,
  answer: RegistrationResponseJSON,
  now: Date,
): Promise<CeremonyOutcome> {
  const challenge = await takeChallenge(tx, ticket, 'enrol', now);
  if (!challenge?.staffId) return { kind: 'expired' };
  // Locked, so two enrolments at once cannot both find no passkey.
  const [member] = await tx
    .select()
    .from(staff)
    .where(and(eq(staff.id, challenge.staffId), isNull(staff.removedAt)))
    .for('update');
  if (!member) return { kind: 'expired' };
  if ((await passkeyCount(tx, member.id)) > 0) return { kind: 'already-enrolled' };
  const rp = relyingParty(config);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return { kind: 'failed' };
  }
  if (!verified.verified) return { kind: 'failed' };
  const { credential } = verified.registrationInfo;
  await tx.insert(staffPasskeys).values({
    id: credential.id,
    staffId: member.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? null,
    createdAt: now,
    lastUsedAt: now,
  });
  return { kind: 'signed-in', session: await startStaffSession(tx, member.id, now), staff: memberOf(member) };
}

/** Options for a passkey sign-in: no address asked, the browser offers the desk's passkeys it holds. */
export async function signInOptions(
  db: Queryable,
  config: Party,
  now: Date,
): Promise<{ ticket: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(config).id, userVerification: 'required' });
  return { ticket: await ticketFor(db, 'signin', options.challenge, now), options };
}

/** Verify a passkey sign-in and open a desk session: in the caller's transaction. */
export async function finishSignIn(
  tx: Queryable,
  config: Party,
  ticket: string,
  answer: AuthenticationResponseJSON,
  now: Date,
): Promise<CeremonyOutcome> {
  const challenge = await takeChallenge(tx, ticket, 'signin', now);
  if (!challenge) return { kind: 'expired' };
  const [found] = await tx
    .select({ passkey: staffPasskeys, member: staff })
    .from(staffPasskeys)
    .innerJoin(staff, and(eq(staff.id, staffPasskeys.staffId), isNull(staff.removedAt)))
    .where(eq(staffPasskeys.id, answer.id))
    .for('update');
  if (!found) return { kind: 'unknown' };
  const rp = relyingParty(config);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: found.passkey.id,
        publicKey: new Uint8Array(Buffer.from(found.passkey.publicKey, 'base64url')),
        counter: found.passkey.counter,
        transports: found.passkey.transports ?? undefined,
      },
    });
  } catch {
    return { kind: 'failed' };
  }
  if (!verified.verified) return { kind: 'failed' };
  await tx
    .update(staffPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(staffPasskeys.id, found.passkey.id));
  return {
    kind: 'signed-in',
    session: await startStaffSession(tx, found.member.id, now),
    staff: memberOf(found.member),
  };
}
