import type { DeskEvent } from '#server/deps.ts';

export type RawQuery = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** A replay longer than this is not sent line by line: the desk reads its lists again. */
export const REPLAY_LIMIT = 500;

/**
 * The alert lines after `afterId` that a desk may know of, oldest first: those
 * of people who share their alerts with the firm. `more` when there were more
 * than REPLAY_LIMIT.
 */
export async function readDeskEvents(
  query: RawQuery,
  afterId: number,
): Promise<{ events: DeskEvent[]; more: boolean }> {
  const { rows } = await query(
    `select e.id::int8 as id, e.alert_id as "alertId", e.kind
      from alert_events e
      where e.id > $1 and e.alert_id is not null
      order by e.id limit $2`,
    [afterId, REPLAY_LIMIT + 1],
  );
  const events = (rows as { id: string; alertId: string; kind: string }[]).map((row) => ({
    id: Number(row.id),
    alertId: row.alertId,
    kind: row.kind,
  }));
  return { events: events.slice(0, REPLAY_LIMIT), more: events.length > REPLAY_LIMIT };
}

/** The newest line's id: where a desk that just connected starts. */
export async function lastDeskEventId(query: RawQuery): Promise<number> {
  const { rows } = await query('select coalesce(max(id), 0)::int8 as id from alert_events', []);
  return Number((rows[0] as { id: string } | undefined)?.id ?? 0);
}
