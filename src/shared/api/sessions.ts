import * as v from 'valibot';

/**
 * GET /api/profile/sessions: the account's open sessions, one per sign-in (a
 * refresh-token family), the caller's own first (`current`). `device` is coarse
 * ('Chrome en Android'); times are ISO 8601.
 */
export const openSessionSchema = v.object({
  id: v.string(),
  device: v.string(),
  started_at: v.string(),
  last_used_at: v.string(),
  current: v.boolean(),
});
export type OpenSession = v.InferOutput<typeof openSessionSchema>;

export const openSessionListSchema = v.array(openSessionSchema);

/** POST /api/profile/sessions/revoke-others: how many sessions were closed. */
export const revokedSessionsSchema = v.object({ revoked: v.number() });
export type RevokedSessions = v.InferOutput<typeof revokedSessionsSchema>;

/** What the list says for a session opened before devices were recorded. */
export const UNKNOWN_DEVICE = 'Dispositivo desconocido';
