import { deskCaseUrl } from '#shared/api/desk-live.ts';
import { deskEscalationTexts } from '#shared/desk-escalation-texts.ts';
import { HTML_LANG } from '#shared/language.ts';
import { ATTEND_ACTION, DECLARATIVE_WEB_PUSH, DESK_ESCALATION_PUSH, type PushPayload } from '#shared/push-payload.ts';

export type EscalationPushInput = { alertId: string; minutes: number; firmName: string; publicUrl: string };

/**
 * What a staff phone shows of an alert nobody attends: what the escalation
 * e-mail says, and no more (a lock screen is not behind a passkey): no name,
 * no phone, no place; the case's address is the only thing about the alert.
 * A tap and 'Atender' open the case, where the staff member takes it.
 */
export function escalationPush({ alertId, minutes, firmName, publicUrl }: EscalationPushInput): PushPayload {
  const texts = deskEscalationTexts(firmName, minutes);
  const caseUrl = deskCaseUrl(publicUrl, alertId);
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: {
      title: texts.title,
      body: texts.body,
      navigate: caseUrl,
      lang: HTML_LANG.es,
      dir: 'ltr',
      // Round 2 replaces round 1 on a phone that got both.
      tag: `desk-${alertId}`,
      icon: `${publicUrl}/build/icons/icon-192.png`,
      require_interaction: true,
      actions: [{ action: ATTEND_ACTION, title: texts.open, navigate: caseUrl }],
      data: { kind: DESK_ESCALATION_PUSH, lang: 'es' },
    },
    mutable: true,
  };
}
