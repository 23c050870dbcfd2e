import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { clockTime, formatMoment, mapUrl } from '#shared/alert-moment.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { track } from '#client/lib/analytics.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { linkFailureText, showLinkFailure } from '#client/ui/link-failure.ts';
import { languageSearch, useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';
import { useFirmName } from '#client/lib/firm-name.ts';
import { useAcknowledgeMutation } from '#client/api/acknowledgements.ts';
import { useAck } from '#client/api/acknowledgements.ts';
import './ack-screen.css';

/** The server turned the link down (unknown or expired); "too many tries" and no answer are not that. */
const isLinkRejected = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * /web/active/ack/{token}: a contact, from the e-mail, without an
 * account. Opening it shows who, when (in the person's time zone) and where;
 * only 'Lo tengo' records anything, and pressing it again records nothing new.
 */
export function AckScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const ack = useAck(token);
  const press = useAcknowledgeMutation(token);
  const { language, texts, switchLanguage } = useContactLanguage(token);
  const toInvalid = () => void navigate({ to: '/web/active/invalid', search: languageSearch(language), replace: true });
  const firm = useFirmName();
  const top = <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />;

  useEffect(() => {
    if (isLinkRejected(ack.error)) toInvalid();
    // toInvalid changes with the language only, which does not make a link invalid twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ack.error, navigate]);

  // The switch from the first frame on: with no signal the alert may load only much later.
  if (ack.isPending)
    return (
      <>
        {top}
        <p>{texts.ackLoading}</p>
      </>
    );
  if (ack.isError) {
    if (isLinkRejected(ack.error)) return null;
    return (
      <>
        {top}
        <h1>{texts.ackLoadFailed}</h1>
        <p role="alert">{linkFailureText(ack.error, texts)}</p>
        <button type="button" className="button button--block" onClick={() => void ack.refetch()}>
          {texts.tryAgain}
        </button>
      </>
    );
  }

  const view = ack.data;
  const who = view.person.name;
  const forcedCheckIn = view.forced === true && view.forced_on === 'check-in';
  const send = () =>
    press.mutate(undefined, {
      onSuccess: (result) => track('alert_acknowledge', { practice: result.practice, first: result.recorded === true }),
      onError: (error) => {
        if (isLinkRejected(error)) toInvalid();
        else showLinkFailure(error, texts);
      },
    });

  return (
    <div className="ack">
      {top}
      {view.practice && <p className="ack__practice">{texts.practiceNotice(who)}</p>}
      <h1>{view.practice ? texts.ackPracticeHeading(who) : texts.ackHeading(who)}</h1>
      {/* The link's own alert gave way to this one: never 'finalizó' while the danger goes on (docs/decisions/047). */}
      {view.replaced && (
        <p className="ack__replaced" role="status">
          {texts.ackReplaced(who)}
        </p>
      )}
      {view.trigger === 'missed-check-in' && view.check_in && !forcedCheckIn && (
        <div className="ack__missed-check-in">
          <p>{texts.ackMissedCheckIn}</p>
          <p>
            {texts.missedLead(
              who,
              texts.checkInPurpose(view.check_in.purpose),
              view.check_in.place,
              clockTime(new Date(view.check_in.due_at), view.timezone, texts.locale),
            )}
          </p>
        </div>
      )}
      {view.forced && (
        <div className="ack__forced" role="alert">
          {/* What the duress PIN was typed on, as the e-mails said it: the check-in ('el aviso'), or the alert. */}
          {forcedCheckIn ? (
            <p>{texts.checkInForced(who)}</p>
          ) : (
            <>
              <p>{texts.duressLead(who)}</p>
              <p>{texts.duressStillActive}</p>
            </>
          )}
          <p>{texts.duressTodo(who)}</p>
        </div>
      )}
      {view.firm_attending && (
        <p className="ack__firm" role="status">
          {texts.firmAttending(firm)}
        </p>
      )}
      <AlertFacts view={view} texts={texts} />
      <Outcome view={view} texts={texts} pending={press.isPending} onPress={send} />
    </div>
  );
}

function readerZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function AlertFacts({ view, texts }: { view: AckView; texts: ContactTexts }) {
  const { person, position } = view;
  return (
    <dl className="ack__facts">
      <dt>{texts.factWho}</dt>
      <dd>
        {/* After a forced end a call may reach whoever holds the phone: the number is there, not a button to it. */}
        {person.name}, {view.forced ? person.phone : <a href={`tel:${person.phone}`}>{person.phone}</a>}
      </dd>
      <dt>{texts.factWhen}</dt>
      {/* The reader's own zone goes unsaid: it is the clock they read by. */}
      <dd>{formatMoment(new Date(view.pressed_at), view.timezone, texts, readerZone())}</dd>
      <dt>{texts.factWhere}</dt>
      <dd>
        {position ? (
          <>
            {capitalised(texts.coordinates(position.latitude, position.longitude))}.{' '}
            <a href={mapUrl(position)} target="_blank" rel="noopener noreferrer">
              {texts.seeOnMap}
            </a>
          </>
        ) : (
          `${capitalised(texts.positionUnavailable)}.`
        )}
      </dd>
    </dl>
  );
}

function Outcome({
  view,
  texts,
  pending,
  onPress,
}: {
  view: AckView;
  texts: ContactTexts;
  pending: boolean;
  onPress: () => void;
}) {
  const done = useRef<HTMLParagraphElement>(null);
  const acknowledged = view.acknowledged_at !== null;
  // The button that had the focus is gone: the news takes it.
  useEffect(() => {
    if (acknowledged) done.current?.focus();
  }, [acknowledged]);
  const who = view.person.name;

  if (view.acknowledged_at !== null) {
    return (
      <p ref={done} tabIndex={-1} className="ack__done" role="status">
        {(view.forced ? texts.ackDoneForced : texts.ackDone)(
          who,
          clockTime(new Date(view.acknowledged_at), view.timezone, texts.locale),
        )}
      </p>
    );
  }
  if (view.status === 'ended') return <p className="ack__ended">{texts.ackEnded(who)}</p>;
  return (
    <>
      <p>
        {view.practice ? texts.ackPressPractice(who) : view.forced ? texts.ackPressForced(who) : texts.ackPress(who)}
      </p>
      <button
        type="button"
        className="button button--block ack__button"
        disabled={pending}
        aria-busy={pending}
        onClick={onPress}
      >
        {pending ? texts.sending : texts.ackButton}
      </button>
    </>
  );
}
