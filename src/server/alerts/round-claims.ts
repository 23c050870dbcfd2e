import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alerts, type alertReminders, type deskEscalations } from '#server/db/schema.ts';

// The alert reminders (reminders.ts) and the desk's escalation (desk/escalation.ts) send messages in
// rounds after an alert started. A round is claimed by a row (alert, round) of its own table, inserted
// in the transaction that queues its messages: with several instances polling, one inserts it and the
// others find it taken, so each round is sent once.

/** A table of claimed rounds, keyed by (alert, round). */
type RoundClaims = typeof alertReminders | typeof deskEscalations;

/**
 * The active alerts started `firstAfterMs` or more before `now` that have had fewer than `rounds`
 * rounds of `claims` claimed, and match every one of `more`: each with its start and how many were.
 */
export function alertsWithRoundsLeft(
  db: Queryable,
  claims: RoundClaims,
  { now, firstAfterMs, rounds }: { now: Date; firstAfterMs: number; rounds: number },
  ...more: SQL[]
): Promise<Array<{ id: string; startedAt: Date; claimed: number }>> {
  const claimed = sql<number>`(select count(*) from ${claims} where ${claims.alertId} = ${alerts.id})::int`;
  return db
    .select({ id: alerts.id, startedAt: alerts.startedAt, claimed })
    .from(alerts)
    .where(
      and(
        eq(alerts.status, 'active'),
        lte(alerts.startedAt, new Date(now.getTime() - firstAfterMs)),
        sql`${claimed} < ${rounds}`,
        ...more,
      ),
    );
}

/**
 * Claims rounds 1 to `due` of the alert, all those still unclaimed (rounds that came due together,
 * an instance being down, are claimed together); the rounds this call won, in order.
 */
export async function claimRounds(
  tx: Queryable,
  claims: RoundClaims,
  alertId: string,
  due: number,
  now: Date,
): Promise<number[]> {
  const rounds = Array.from({ length: due }, (_, index) => ({ alertId, round: index + 1, claimedAt: now }));
  const won = await tx.insert(claims).values(rounds).onConflictDoNothing().returning({ round: claims.round });
  return won.map((claim) => claim.round).sort((a, b) => a - b);
}
