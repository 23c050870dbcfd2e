import { sql } from 'drizzle-orm';
import type { RateRule } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Count one hit on `key` in its fixed window and say whether it is within the
 * rule. One upsert, atomic across instances. Pass a transaction to make the hit
 * count only if the caller's work commits.
 */
export async function hitRateLimit(db: Queryable, key: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) <= rule.limit) return { allowed: true };
  const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}
