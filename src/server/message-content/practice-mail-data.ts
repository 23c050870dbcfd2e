import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/language.ts';
import { ackToken, ackUrl } from './ack-links.ts';
import { unsubscribeToken, unsubscribeUrl } from './opt-outs.ts';
import { detentionSteps, SAMPLE_DETENTION_INFO } from './alert-steps.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { practiceMail } from '#server/mail/templates/practice-mail.ts';
import type { RenderContext } from '#server/messages/kind-spec.ts';
import { accountOf } from './alert-mail-data.ts';

/** A practice alert's e-mail to one contact: the facts of the press, its 'Lo tengo' link derived from the practice's id. */
export const practiceData = v.object({
  practiceId: v.string(),
  person: v.object({ name: v.string(), phone: v.string() }),
  contactFirstname: v.string(),
  language: v.optional(v.picklist(LANGUAGES), DEFAULT_LANGUAGE),
  at: v.string(),
  timezone: v.string(),
  receivedAt: v.optional(v.string()),
  position: v.nullable(v.object({ latitude: v.string(), longitude: v.string() })),
  /** A contact the person chose for their 'Si me detienen' packet sees a marked sample, never the person's data. */
  detentionSample: v.boolean(),
});

export type PracticeInput = v.InferInput<typeof practiceData>;

export function renderPractice(data: v.InferOutput<typeof practiceData>, context: RenderContext): MailContent {
  const { config, language, recipient } = context;
  return practiceMail({
    person: data.person,
    contactFirstname: data.contactFirstname,
    language,
    moment: {
      at: new Date(data.at),
      timezone: data.timezone,
      receivedAt: data.receivedAt ? new Date(data.receivedAt) : undefined,
    },
    position: data.position,
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, accountOf(context), recipient)),
    ackUrl: ackUrl(config, ackToken(config.secret, data.practiceId, recipient)),
    extra: detentionSteps(
      language,
      data.person.name,
      data.detentionSample ? { info: SAMPLE_DETENTION_INFO, sample: true } : undefined,
    ),
  });
}
