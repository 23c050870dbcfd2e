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

/** Which session a pair belongs to: a new sign-in starts a family, a refresh continues one. */
export type Family = { familyId: string; device: string | null; startedAt: Date };

/** A new sign-in's family, opened on the device that `device` names (auth/device-name.ts). */
export const newFamily = (device: string, now: Date): Family => ({ familyId: randomUUID(), device, startedAt: now });

/**
 * Store the hashes of a new pair in its family. A pair from a refresh is `unused` until its first
 * signed-in request (auth/bearer.ts records it): until then the refresh token it replaced still gets
 * it back (auth/refresh.ts), since the phone may have died before storing it.
 */
export async function issueTokens(
  db: Queryable,
  userId: string,
  now: Date,
  family: Family,
  { unused = false }: { unused?: boolean } = {},
): Promise<TokenPair> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      ...family,
      accessHash: sha256(accessToken),
      refreshHash: sha256(refreshToken),
      issuedAt: now,
      expiresAt,
      lastUsedAt: unused ? null : now,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { sessionId: row.id, accessToken, refreshToken, issuedAt: now, expiresAt };
}
