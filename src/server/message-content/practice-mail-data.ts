import * as v from 'valibot';
import { ackToken, ackUrl } from './ack-links.ts';
import { detentionSteps, sampleDetentionInfo } from './alert-steps.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { practiceMail } from '#server/mail/templates/practice-mail.ts';
import type { RenderContext } from '#server/messages/kind-spec.ts';
import { pressFactsEntries, pressFactsShown } from './alert-mail-data.ts';

/** A practice alert's e-mail to one contact: the facts of the press, its 'Lo tengo' link derived from the practice's id. */
export const practiceData = v.object({
  practiceId: v.string(),
  ...pressFactsEntries,
  /** A contact the person chose for their 'Si me detienen' packet sees a marked sample, never the person's data. */
  detentionSample: v.boolean(),
});

export type PracticeInput = v.InferInput<typeof practiceData>;

export function renderPractice(data: v.InferOutput<typeof practiceData>, context: RenderContext): MailContent {
  const { config, language, recipient } = context;
  return practiceMail({
    ...pressFactsShown(data, context),
    position: data.position,
    ackUrl: ackUrl(config, ackToken(config.secret, data.practiceId, recipient)),
    extra: detentionSteps(
      language,
      data.person.name,
      data.detentionSample ? { info: sampleDetentionInfo(language), sample: true } : undefined,
    ),
  });
}
