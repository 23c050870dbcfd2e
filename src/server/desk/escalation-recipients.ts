import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';

export type EscalationRecipient = { id: string; email: string };

/**
 * Who hears of an unattended alert in each round: first the staff on call
 * ('De guardia'), or every responder when nobody is on call; then every admin.
 * Removed staff never.
 */
export async function escalationRecipients(tx: Queryable, round: number): Promise<EscalationRecipient[]> {
  const rows =
    round === 1
      ? await tx.execute<EscalationRecipient>(sql`
          select id, email from staff where removed_at is null
            and (on_call or (role = 'responder' and not exists (select 1 from staff s where s.removed_at is null and s.on_call)))
          order by email`)
      : await tx.execute<EscalationRecipient>(sql`
          select id, email from staff where removed_at is null and role = 'admin' order by email`);
  return rows.rows.map((row) => ({ id: row.id, email: row.email }));
}
