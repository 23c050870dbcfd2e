import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { staffSessions } from '#server/db/schema.ts';
import { sha256 } from '#server/security/hashing.ts';

// Here rather than with the desk's sessions (src/server/staff/staff-sessions.ts):
// the staff's sign-in reuses this folder's codes and lockout, so auth sits below
// staff and reads the desk's session table itself.

/** Whether a bearer token is a desk session's (a person's routes refuse it with 403). */
export async function isStaffToken(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, sha256(token)));
  return row !== undefined;
}
