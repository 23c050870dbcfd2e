import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LOCKOUT_TYPE, lockoutTarget } from '#server/auth/lockout.ts';
import { codeLimitKey } from '#server/auth/send-code.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, contacts, optOuts, outbox, rateLimits, users, verifications } from '#server/db/schema.ts';
import { dropInvitations } from '#server/contacts/invitations.ts';
import { accountInviteKeys, pairInviteKey } from '#server/contacts/invitation-slots.ts';
import { RESET_TYPE, resetLimitKey } from '#server/pins/reset-keys.ts';

/**
 * Delete a person and everything kept about them. The foreign keys take
 * contacts, sessions, opt-outs, alerts and the account's e-mails; what is keyed
 * by address, by contact id or by a hash of either (pending codes, the count of
 * wrong codes, confirmation links, code e-mails to the person, the rate-limit
 * counters of their address and of their invitations, the desk's escalation
 * e-mails about their alerts) goes here. The desk's notes, claims, closures,
 * escalations and audit links go with the alerts; its audit lines stay, naming
 * nobody (docs/decisions/035-desk-audit-fingerprints.md).
 */
export async function deleteAccount(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) return false;
  const owned = await db
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.userId, userId));
  const pairs = await db.select({ email: optOuts.email }).from(optOuts).where(eq(optOuts.userId, userId));
  await dropInvitations(
    db,
    owned.map((row) => row.id),
  );
  await db
    .delete(verifications)
    .where(and(inArray(verifications.type, ['signin', RESET_TYPE]), eq(verifications.target, user.email)));
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.type, LOCKOUT_TYPE),
        inArray(verifications.target, [lockoutTarget(user.email), lockoutTarget(user.email, RESET_TYPE)]),
      ),
    );
  await db.delete(outbox).where(and(isNull(outbox.userId), eq(outbox.recipient, user.email)));
  // The desk's escalation e-mails to staff are rows of no account that name the person's alert.
  const theirAlerts = db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, userId));
  await db.delete(outbox).where(and(isNull(outbox.userId), inArray(outbox.alertId, theirAlerts)));
  const invited = new Set([...owned, ...pairs].map((row) => row.email));
  const keys = [
    codeLimitKey(user.email),
    resetLimitKey(user.email),
    ...accountInviteKeys(userId),
    ...[...invited].map((email) => pairInviteKey(userId, email)),
  ];
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
  await db.delete(users).where(eq(users.id, userId));
  return true;
}
