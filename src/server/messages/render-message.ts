import * as v from 'valibot';
import type { Config } from '#server/config.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import type { AnyKindSpec, PushTarget, RenderContext } from './kind-spec.ts';
import { kindSpec } from './kinds.ts';
import { recipientLanguage } from './recipient-language.ts';

/** An outbox row as the sender renders it: its kind and the data stored with it. */
export type StoredMessage = { kind: string; userId: string | null; recipient: string; templateData: string };

/**
 * A rendering's outcome. `permanent`: the row can never be rendered (data that
 * fails its kind's schema, or a renderer that throws on it), so it fails alone
 * and at once; a kind this server does not know may be a newer server's, and
 * waits for one that does.
 */
export type Rendered<T> = { ok: true; content: T } | { ok: false; error: string; permanent: boolean };

export const UNKNOWN_KIND = 'tipo de mensaje desconocido';
export const UNREADABLE = 'plantilla ilegible';

type Parsed = { ok: true; spec: AnyKindSpec; data: unknown } | Extract<Rendered<never>, { ok: false }>;

/** The row's data, parsed again with its kind's schema (it may have been written by an older server, or tampered with). */
function parseStored(kind: string, templateData: string): Parsed {
  const spec = kindSpec(kind);
  if (!spec) return { ok: false, error: UNKNOWN_KIND, permanent: false };
  let json: unknown;
  try {
    json = JSON.parse(templateData);
  } catch {
    return { ok: false, error: UNREADABLE, permanent: true };
  }
  const parsed = v.safeParse(spec.schema, json);
  return parsed.success ? { ok: true, spec, data: parsed.output } : { ok: false, error: UNREADABLE, permanent: true };
}

function contextOf(
  config: Pick<Config, 'secret' | 'publicUrl'>,
  spec: AnyKindSpec,
  row: Pick<StoredMessage, 'userId' | 'recipient'>,
  data: unknown,
  contactLanguage?: unknown,
): RenderContext {
  // A contact's e-mail stores the language chosen when it was queued; a push reads the contact's when it leaves.
  const stored = contactLanguage ?? (data as { language?: unknown }).language;
  return { config, language: recipientLanguage(spec.audience, stored), userId: row.userId, recipient: row.recipient };
}

/** The outbox worker's renderer for e-mail rows stored as kind plus data. Never throws. */
export function renderStoredMail(config: Pick<Config, 'secret' | 'publicUrl'>) {
  return (row: StoredMessage): Rendered<MailContent> => {
    const parsed = parseStored(row.kind, row.templateData);
    if (!parsed.ok) return parsed;
    const { spec, data } = parsed;
    if (spec.channel !== 'mail') return { ok: false, error: UNREADABLE, permanent: true };
    try {
      return { ok: true, content: spec.render(data, contextOf(config, spec, row, data)) };
    } catch {
      return { ok: false, error: UNREADABLE, permanent: true };
    }
  };
}

/** A phone notification's data, parsed with its kind's schema (the push sender needs the alert's id before it renders). */
export type ParsedPush = { alertId: string; data: unknown; spec: AnyKindSpec };

export function parsePush(row: Pick<StoredMessage, 'kind' | 'templateData'>): Rendered<ParsedPush> {
  const parsed = parseStored(row.kind, row.templateData);
  if (!parsed.ok) return parsed;
  if (parsed.spec.channel !== 'push') return { ok: false, error: UNREADABLE, permanent: true };
  const { alertId } = parsed.data as { alertId: string };
  return { ok: true, content: { alertId, data: parsed.data, spec: parsed.spec } };
}

/**
 * A parsed push row's payload: a contact's, for the subscription's contact as
 * the sender read it; a staff member's from the row alone (`target` is not read).
 */
export function renderPush(
  config: Pick<Config, 'secret' | 'publicUrl'>,
  recipient: string,
  { spec, data }: ParsedPush,
  target: (PushTarget & { language: unknown }) | undefined,
) {
  if (spec.channel !== 'push') throw new Error('not a push kind');
  const context = contextOf(config, spec, { userId: null, recipient }, data, target?.language);
  if (spec.audience === 'staff') return spec.render(data, context);
  if (!target) throw new Error("a contact's push needs its contact");
  return spec.render(data, { ...context, person: target.person, ackUrl: target.ackUrl });
}
