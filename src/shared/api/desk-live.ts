import * as v from 'valibot';

// The desk's live link (GET /api/desk/stream, Server-Sent Events): what the
// server writes and the desk reads. Events are cues, never data: the desk reads
// the card or the case again through its own queries.

export const DESK_STREAM_PATH = '/api/desk/stream';

export const DESK_STREAM_EVENTS = {
  /** A line was appended to an alert's log (id: the line's id). */
  alert: 'alert',
  /** A desk without `Last-Event-ID` starts here (id: the newest line's id). */
  ready: 'ready',
  /** Read everything shown again: the server could not say exactly what changed. */
  resync: 'resync',
} as const;

export const deskAlertEventSchema = v.object({
  alertId: v.pipe(v.string(), v.uuid()),
  kind: v.string(),
});
export type DeskAlertEvent = v.InferOutput<typeof deskAlertEventSchema>;

export const deskLiveTexts = {
  offline: 'Sin conexión en vivo: reconectando…',
} as const;

/** Where staff open one alert's case (e-mails and phone notifications link here). */
export function deskCaseUrl(publicUrl: string, alertId: string): string {
  return `${publicUrl}/web/desk/${encodeURIComponent(alertId)}`;
}
