import * as v from 'valibot';
import { LANGUAGES } from './language.ts';

// What one Web Push message to a contact's phone carries: Safari's Declarative
// Web Push shape (RFC 8030's number as the marker), which Safari 18.4+ shows by
// itself even when our worker fails, and which our worker's `push` handler
// reads too, so both show the same notification. No position: the contact
// sees it on the 'Lo tengo' page the notification opens.

export const DECLARATIVE_WEB_PUSH = 8030;

/** The notification action that records 'Lo tengo' (with a POST, from the worker). */
export const ACK_ACTION = 'ack';

export const pushKinds = ['alert-started', 'alert-position', 'alert-ended', 'alert-duress'] as const;
export type PushKind = (typeof pushKinds)[number];

/** The desk's notification to staff phones: an alert nobody attends (src/server/desk/escalation.ts). */
export const DESK_ESCALATION_PUSH = 'desk-escalation';
/** Its 'Atender' action: it opens the case at the desk, where the staff member claims it; it claims nothing itself. */
export const ATTEND_ACTION = 'attend';

const actionSchema = v.object({
  action: v.string(),
  title: v.string(),
  navigate: v.string(),
});

export const pushPayloadSchema = v.object({
  web_push: v.literal(DECLARATIVE_WEB_PUSH),
  notification: v.object({
    title: v.string(),
    body: v.string(),
    /** The alert's 'Lo tengo' page (a contact's), or the case at the desk (staff): a tap opens it. */
    navigate: v.string(),
    lang: v.string(),
    dir: v.literal('ltr'),
    /** One notification per alert on the phone: a later one replaces the earlier. */
    tag: v.string(),
    icon: v.optional(v.string()),
    require_interaction: v.optional(v.boolean()),
    actions: v.optional(v.array(actionSchema)),
    data: v.object({
      kind: v.picklist([...pushKinds, DESK_ESCALATION_PUSH]),
      lang: v.picklist(LANGUAGES),
    }),
  }),
  /** Safari gives the page's worker the message before it shows it. */
  mutable: v.literal(true),
});
export type PushPayload = v.InferOutput<typeof pushPayloadSchema>;

export function readPushPayload(text: string): PushPayload | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = v.safeParse(pushPayloadSchema, parsed);
  return result.success ? result.output : undefined;
}

/** The 'Lo tengo' token inside a notification's link, when it is one of this origin's alert pages. */
export function ackTokenOf(navigate: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(navigate);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return /^\/web\/active\/ack\/([A-Za-z0-9_-]{20,100})$/.exec(url.pathname)?.[1];
}
