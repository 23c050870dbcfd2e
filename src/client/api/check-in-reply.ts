import * as v from 'valibot';
import { checkInSchema, type CheckIn } from '#shared/api/check-ins.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

/** The current check-in of GET /api/check-ins/current's reply (check-ins.ts fetches this module with the reply). */
export function readCurrentCheckIn(data: unknown): CheckIn | null {
  return parseMessage(v.nullable(checkInSchema), data);
}
