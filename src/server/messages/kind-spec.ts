import type * as v from 'valibot';
import type { Language } from '#shared/language.ts';
import type { PushPayload } from '#shared/push-payload.ts';
import type { Config } from '#server/config.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import type { Priority } from './priority.ts';

/** The schema of a kind's stored data: JSON in, the renderer's input out. */
export type DataSchema = v.GenericSchema<unknown, unknown>;

/**
 * Who reads the message: a contact reads it in their own language; the person
 * (sign-in codes, their own notices) always in Spanish, as their screens are;
 * so do the firm's staff (the desk's escalations), whose desk is in Spanish.
 */
export type Audience = 'contact' | 'person' | 'staff';

/** What every renderer is given besides the row's data. */
export type RenderContext = {
  config: Pick<Config, 'secret' | 'publicUrl'>;
  /** The recipient's language, chosen once for every kind (recipient-language.ts). */
  language: Language;
  /** The account the row belongs to; null for a sign-in code (nobody yet). */
  userId: string | null;
  /** The row's address (an e-mail) or subscription id (a push). */
  recipient: string;
};

/** What the push sender read of the subscription's contact and person when it sends (push-sender.ts). */
export type PushTarget = { person: { name: string; phone: string }; ackUrl: string };

type Common<S extends DataSchema> = {
  priority: Priority;
  /** Part of an alert: its rows go in the alert lane and follow the alert's order. */
  alert: boolean;
  audience: Audience;
  /** Parsed when the row is queued and again when it is sent. */
  schema: S;
  /**
   * Queued behind everyone's first alert e-mails of its lane (turn 1 of a row
   * of no account, src/server/db/schema.ts outbox.turn): the staff's messages
   * go right after the contacts' first SOS e-mails.
   */
  behindFirstAlertMails?: boolean;
};

export type MailKindSpec<S extends DataSchema> = Common<S> & {
  channel: 'mail';
  render: (data: v.InferOutput<S>, context: RenderContext) => MailContent;
};

export type PushKindSpec<S extends DataSchema> = Common<S> & {
  channel: 'push';
  audience: 'contact';
  render: (data: v.InferOutput<S>, context: RenderContext & PushTarget) => PushPayload;
};

/** A phone notification to the firm's staff: it reads nobody's data when it leaves, only its own row's. */
export type StaffPushKindSpec<S extends DataSchema> = Common<S> & {
  channel: 'push';
  audience: 'staff';
  render: (data: v.InferOutput<S>, context: RenderContext) => PushPayload;
};

/**
 * A kind of e-mail: the helper ties the renderer's input to the schema, so a
 * renderer that reads a field the schema does not give fails the type check,
 * and leaving out any part (priority, schema, renderer) does too.
 */
export function mailKind<S extends DataSchema>(spec: Omit<MailKindSpec<S>, 'channel'>): MailKindSpec<S> {
  return { ...spec, channel: 'mail' };
}

/** A kind of phone notification (a contact's, always part of an alert). */
export function pushKind<S extends DataSchema>(spec: Omit<PushKindSpec<S>, 'channel' | 'audience'>): PushKindSpec<S> {
  return { ...spec, channel: 'push', audience: 'contact' };
}

/** A kind of phone notification to staff (the desk's escalation). */
export function staffPushKind<S extends DataSchema>(
  spec: Omit<StaffPushKindSpec<S>, 'channel' | 'audience'>,
): StaffPushKindSpec<S> {
  return { ...spec, channel: 'push', audience: 'staff' };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds specs of different data types
export type AnyKindSpec = MailKindSpec<any> | PushKindSpec<any> | StaffPushKindSpec<any>;
