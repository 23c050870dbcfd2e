import { randomUUID } from 'node:crypto';
import { SESSION_TTL_MS } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { randomToken, sha256 } from '#server/security/hashing.ts';

/** A freshly issued pair: the raw tokens exist only in this object and the reply. */
export type TokenPair = {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  issuedAt: Date;
  expiresAt: Date;
};

/** Store the hashes of a new pair; a new sign-in starts a new family. */
export async function issueTokens(db: Queryable, userId: string, now: Date, familyId: string = randomUUID()): Promise<TokenPair> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ userId, familyId, accessHash: sha256(accessToken), refreshHash: sha256(refreshToken), issuedAt: now, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { sessionId: row.id, accessToken, refreshToken, issuedAt: now, expiresAt };
}
