import { deskEscalationTexts } from '#shared/desk-escalation-texts.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

export type DeskEscalationMail = {
  /** 1: to the staff on call (or every responder); 2: to every admin. */
  round: number;
  minutes: number;
  firmName: string;
  caseUrl: string;
};

/**
 * To staff when nobody at the desk has taken an alert. It names no client and
 * no place: an inbox is not behind a passkey. The link opens the case at the desk.
 */
export function deskEscalationMail({ round, minutes, firmName, caseUrl }: DeskEscalationMail): MailContent {
  const texts = deskEscalationTexts(firmName, minutes);
  const subject = texts.title;
  const paragraphs = [texts.body, round > 1 ? texts.admins : texts.onCall, texts.howTo];
  const text = [...paragraphs, `${texts.open}: ${caseUrl}`].join('\n\n');
  const html = htmlLayout(
    subject,
    [
      ...paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`),
      `<p style="margin:16px 0"><a href="${escapeHtml(caseUrl)}" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(texts.open)}</a></p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
