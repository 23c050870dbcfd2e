import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Config, RateRule } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { sha256 } from '#server/security/hashing.ts';

type Counted = { key: string; rule: RateRule };

/**
 * Every limit an invitation e-mail counts against. Keys are hashes, so the
 * rate-limit table never holds addresses. The pair key is the one the
 * per-contact limit always used, so its earlier counts still hold.
 */
function invitationLimits(config: Pick<Config, 'rateLimits'>, userId: string, email: string): Counted[] {
  const limits = config.rateLimits;
  const [hour, day] = accountInviteKeys(userId);
  return [
    { key: pairInviteKey(userId, email), rule: limits.invitesPerContact },
    { key: hour, rule: limits.invitesPerAccountHour },
    { key: day, rule: limits.invitesPerAccountDay },
    // Not the account's: deleting an account must not give an address its quota back.
    { key: `invites-to:${sha256(email)}`, rule: limits.invitesPerAddress },
  ];
}

/** The keys that name an account (its deletion removes them). */
export const pairInviteKey = (userId: string, email: string) => `invite:${sha256(`${userId}:${email}`)}`;
export const accountInviteKeys = (userId: string) =>
  [`invites-from:${userId}:hour`, `invites-from:${userId}:day`] as const;

const windowOf = (at: number, rule: RateRule) => Math.floor(at / rule.windowMs) * rule.windowMs;

/** The earliest moment from `now` at which every window still has room, given the counts already taken. */
function earliestFree(limits: Counted[], counts: Map<string, number>, now: Date): number {
  let at = now.getTime();
  for (let moved = true; moved;) {
    moved = false;
    for (const { key, rule } of limits) {
      const start = windowOf(at, rule);
      if ((counts.get(`${key}@${start}`) ?? 0) >= rule.limit) {
        at = start + rule.windowMs;
        moved = true;
      }
    }
  }
  return at;
}

async function add(tx: Queryable, limits: Counted[], at: number, step: 1 | -1): Promise<number[]> {
  const counts: number[] = [];
  // Always in the same order, so two transactions never wait on each other's rows crosswise.
  for (const { key, rule } of limits) {
    const [row] = await tx
      .insert(rateLimits)
      .values({ key, windowStart: new Date(windowOf(at, rule)), count: step })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${step}` },
      })
      .returning({ count: rateLimits.count });
    counts.push(row?.count ?? 0);
  }
  return counts;
}

export type InvitationSlot = { at: Date; taken: boolean };

/**
 * Find when an invitation from `userId` to `email` may leave: now, or the start
 * of the first window in which every limit has room. With `laterToo` the slot is
 * taken (counted) even when it lies ahead, and the caller queues the e-mail for
 * then; without, only a slot free now is taken. The counts are taken with row
 * locks in the caller's transaction, and rechecked, so two requests racing for
 * the last slot do not both get it.
 */
export async function takeInvitationSlot(
  tx: Queryable,
  config: Pick<Config, 'rateLimits'>,
  userId: string,
  email: string,
  now: Date,
  laterToo: boolean,
): Promise<InvitationSlot> {
  const limits = invitationLimits(config, userId, email);
  const oldest = Math.min(...limits.map(({ rule }) => windowOf(now.getTime(), rule)));
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const rows = await tx
      .select()
      .from(rateLimits)
      .where(
        and(
          inArray(
            rateLimits.key,
            limits.map((l) => l.key),
          ),
          gte(rateLimits.windowStart, new Date(oldest)),
        ),
      );
    const counts = new Map(rows.map((row) => [`${row.key}@${row.windowStart.getTime()}`, row.count]));
    const at = earliestFree(limits, counts, now);
    if (at > now.getTime() && !laterToo) return { at: new Date(at), taken: false };
    const after = await add(tx, limits, at, 1);
    if (after.every((count, i) => count <= limits[i]!.rule.limit)) return { at: new Date(at), taken: true };
    // Someone took the slot between the read and the count: give it back and look again.
    await add(tx, limits, at, -1);
  }
  throw new Error('no invitation slot after several attempts');
}
