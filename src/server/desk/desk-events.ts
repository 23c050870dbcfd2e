import type { Queryable } from '#server/db/client.ts';
import { eventsOfAlertsAfter, lastEventId } from '#server/alerts/alert-events.ts';
import type { DeskEvent } from '#server/deps.ts';
import { firmConsents } from './consent.ts';

/** A replay longer than this is not sent line by line: the desk reads its lists again. */
export const REPLAY_LIMIT = 500;

/**
 * The events after `afterId` that a desk may know of, oldest first, one for each alert an
 * event concerns: those of people who share their alerts with the firm. `more` when there
 * were more than REPLAY_LIMIT events.
 */
export function readDeskEvents(db: Queryable, afterId: number): Promise<{ events: DeskEvent[]; more: boolean }> {
  return eventsOfAlertsAfter(db, afterId, firmConsents, REPLAY_LIMIT);
}

/** The newest event's id: where a desk that just connected starts. */
export const lastDeskEventId = (db: Queryable): Promise<number> => lastEventId(db);
