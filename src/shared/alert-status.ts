// The values of PUT/PATCH /api/active-button (SPEC.md section 7, DESIGN.md section 3), apart
// from its schema in api/active-button.ts: home's first frame (src/client/home-first-download.ts) sends with
// these, and may import no schema.
// '1' starts an alert (or, during one, updates its position); '2' ends it; '3' is a
// practice alert: the same path (service worker included), e-mails marked PRUEBA, and
// recorded as a test, never as an alert (the person's alert_status does not change).

export const ALERT_START = '1';
export const ALERT_END = '2';
export const ALERT_PRACTICE = '3';

/** An alert that started without a position sends the first one that arrives within this window. */
export const ALERT_POSITION_WINDOW_MS = 10 * 60_000;
/** A request this much later than its press was sent from the offline queue; the e-mail says so. */
export const ALERT_LATE_AFTER_MS = 2 * 60_000;

/**
 * How far an ended alert had gone (the end's `contacts_told`; its words: src/shared/end-news-texts.ts),
 * here so that home's first download can read it in the status without the texts:
 * - none: it ended before it left for anybody; nobody hears of it, not even its end;
 * - some: it had left for some contacts (they are told it ended), the others hear nothing;
 * - all: it had left for every contact; they are all told it ended.
 * Absent when the alert had nobody to tell, or nothing was ended.
 */
export const CONTACTS_TOLD = ['none', 'some', 'all'] as const;
export type ContactsTold = (typeof CONTACTS_TOLD)[number];
