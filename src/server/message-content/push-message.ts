import { ACK_ACTION, DECLARATIVE_WEB_PUSH, type PushKind, type PushPayload } from '#shared/push-payload.ts';
import { HTML_LANG, withLanguage, type Language } from '#shared/language.ts';
import { pushTexts } from '#shared/push-texts.ts';

export type PushMessageInput = {
  kind: PushKind;
  alertId: string;
  person: { name: string; phone: string };
  /** The contact's language: the texts, and the page the notification opens. */
  language: Language;
  /** The contact's 'Lo tengo' page for this alert. */
  ackUrl: string;
  publicUrl: string;
  /** The server started the alert: a check-in was not closed in time (src/server/check-ins). */
  missedCheckIn?: boolean;
  /** A check-in closed or extended with the duress PIN started it, or ended it: told as forced, with no call. */
  forcedCheckIn?: boolean;
};

/**
 * The notification a contact's phone shows: who and what, and where to tap.
 * As much as the alert e-mail says and less (no position: the page shows it).
 */
export function pushMessage({
  kind,
  alertId,
  person,
  language,
  ackUrl: plainAckUrl,
  publicUrl,
  missedCheckIn,
  forcedCheckIn,
}: PushMessageInput): PushPayload {
  const texts = pushTexts(language);
  const ackUrl = withLanguage(plainAckUrl, language);
  const [title, body] =
    forcedCheckIn && (kind === 'alert-started' || kind === 'alert-duress')
      ? [texts.checkInForcedTitle(person.name), texts.checkInForcedBody(person.name)]
      : kind === 'alert-started'
        ? missedCheckIn
          ? [texts.missedTitle(person.name), texts.missedBody(person.name, person.phone)]
          : [texts.startedTitle(person.name), texts.startedBody(person.name, person.phone)]
        : kind === 'alert-position'
          ? [texts.positionTitle(person.name), texts.positionBody(person.name)]
          : kind === 'alert-duress'
            ? [texts.duressTitle(person.name), texts.duressBody(person.name, person.phone)]
            : [texts.endedTitle(person.name), texts.endedBody(person.name)];
  const open = kind !== 'alert-ended';
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: {
      title,
      body,
      navigate: ackUrl,
      lang: HTML_LANG[language],
      dir: 'ltr',
      tag: `alert-${alertId}`,
      icon: `${publicUrl}/build/icons/icon-192.png`,
      // An SOS stays on screen until the contact does something with it.
      ...(open
        ? {
            require_interaction: true,
            actions: [{ action: ACK_ACTION, title: texts.ackAction, navigate: ackUrl }],
          }
        : {}),
      data: { kind, lang: language },
    },
    mutable: true,
  };
}
