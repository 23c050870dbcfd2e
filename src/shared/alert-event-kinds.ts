/**
 * What the `alert_events` log records (src/server/alerts/alert-events.ts): one
 * line per event of an alert, a check-in or a practice, in the order they
 * happened. A responder's case timeline reads it; the person's screens never
 * read it raw (what they see is lifecycle.ts's `personView`).
 */

/** Who caused the event: the person (their phone), a contact ('Lo tengo'), the server on its own, or the firm's staff. */
export const alertEventActors = ['person', 'contact', 'system', 'staff'] as const;
export type AlertEventActor = (typeof alertEventActors)[number];

export const alertEventKinds = [
  /** An SOS began: pressed by the person, or started by a check-in that fell due. */
  'alert-started',
  /** A position reached the alert (detail: whether it was the first, which the contacts are sent). */
  'position',
  /** Ended with the real PIN (or with none set): the contacts read that it ended. */
  'alert-ended',
  /** Ended with the duress PIN: the person is shown it ended; for the contacts it goes on. */
  'alert-ended-duress',
  /** An alert ended with the duress PIN gave way to a new press: the new alert tells the same contacts. */
  'alert-replaced',
  /** A practice (detail: whether its PRUEBA e-mails went; none go after a duress end). */
  'practice',
  'check-in-set',
  'check-in-extended',
  'check-in-closed',
  /** The check-in became an alert: its deadline passed, or it was closed or extended with the duress PIN. */
  'check-in-fired',
  /** The person was e-mailed that their check-in is about to fall due. */
  'check-in-reminder-queued',
  /** 'Lo tengo': a contact said they got the alert. */
  'acknowledged',
  /** A round of reminders to the contacts who have not said 'Lo tengo' yet. */
  'reminder-queued',
  /** Nobody at the firm's desk took the alert in time: staff were told (detail: round 1 on call, 2 admins). */
  'desk-escalated',
  /** Derived when read, never stored: the mail server took, or we gave up on, one contact's e-mail. */
  'delivery-sent',
  'delivery-failed',
  /** 'Borrar cuenta' while the contacts are being told: the account waits for the alert's real end. */
  'deletion-requested',
  /** The firm's desk (detail: staffId): 'Atender', a note, a logged action (detail: noteId), 'Cerrar caso' (detail: outcome). */
  'desk-claimed',
  'desk-note',
  'desk-action',
  'desk-closed',
  /**
   * The person turned 'Compartir mis alertas con {FIRM_NAME}' on, or really off, while this alert was
   * on the desk: the desk shows it, or drops it, at once (its live stream tells it).
   */
  'firm-consent-on',
  'firm-consent-off',
] as const;
export type AlertEventKind = (typeof alertEventKinds)[number];

/**
 * How one event reads on one alert's case, when the event is a combined one (a press that
 * replaces an alert ended with the duress PIN, a check-in that fires an alert, a duress close):
 * the lines it showed there when each effect wrote its own row, in the order they happened.
 */
export type AlertEventCaseLine = {
  /** The alert whose case shows the line; null: the line of the event's check-in or practice alone. */
  alertId: string | null;
  actor: AlertEventActor;
  kind: AlertEventKind;
  detail: Record<string, string | number | boolean> | null;
};
