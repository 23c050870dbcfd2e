import { count, eq } from 'drizzle-orm';
import type { Session } from '#shared/api/auth.ts';
import { personPermissions, personRoles } from '#shared/api/staff.ts';
import type { Queryable } from '#server/db/client.ts';
import { contacts, users } from '#server/db/schema.ts';
import type { TokenPair } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The Session object of src/shared/api/auth.ts, as verify, signup and refresh return it.
 * `contacts` is the count the app routes on: someone who said they have no
 * emergency contacts counts as 1, as the app itself records it (SPEC.md section 4),
 * so that no later refresh or new device sends them back to the first-contact screen.
 */
export function toSession(user: UserRow, contactCount: number, tokens: TokenPair): Session {
  return {
    id: user.id,
    name: `${user.firstname} ${user.lastname}`,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    email: user.email,
    alert_status: user.alertStatus,
    contacts: contactCount === 0 && user.noContactsAt ? 1 : contactCount,
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_at: tokens.expiresAt.toISOString(),
    issued_at: tokens.issuedAt.toISOString(),
    roles: [...personRoles],
    permissions: [...personPermissions],
  };
}

export async function loadSession(db: Queryable, userId: string, tokens: TokenPair): Promise<Session | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.userId, userId));
  return toSession(user, row?.n ?? 0, tokens);
}
