import type { ReactNode } from 'react';
import { mapUrl } from '#shared/alert-moment.ts';
import type { DeskAlertCard } from '#shared/api/desk.ts';
import { useNow } from '#client/lib/use-now.ts';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { deskMoment, minutesSince } from './desk-time.ts';

/** One alert as the desk sees it: who, when (their zone and the desk's), where, who was reached, who attends. */
export function AlertCard({
  card,
  headingLevel = 2,
  children,
}: {
  card: DeskAlertCard;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `desk-card-${card.id}`;
  // The position's age moves on by itself.
  const now = useNow(30_000);
  return (
    <article className="desk-card" aria-labelledby={headingId}>
      <Heading id={headingId} className="desk-card__name">
        {card.client.name}
      </Heading>
      {card.possible_coercion && (
        <p className="desk-card__coercion" role="alert">
          {texts.coercion(card)}
        </p>
      )}
      <dl className="desk-card__facts">
        <dt>Teléfono</dt>
        <dd>
          <a href={`tel:${card.client.phone}`}>{card.client.phone}</a>
        </dd>
        <dt>{texts.trigger(card)}</dt>
        <dd>
          {texts.pressedClient}: {deskMoment(card.pressed_at, card.timezone)}
          <br />
          {texts.pressedDesk}: {deskMoment(card.pressed_at)}
        </dd>
        <dt>{texts.position}</dt>
        <dd>
          {card.position ? (
            <>
              {card.position.latitude}, {card.position.longitude} ({texts.accuracy(card.position.accuracy)},{' '}
              {texts.age(minutesSince(card.position.at, now))}).{' '}
              <a href={mapUrl(card.position)} target="_blank" rel="noopener noreferrer">
                {texts.openMap}
              </a>
            </>
          ) : (
            texts.noPosition
          )}
        </dd>
        <dt>{texts.contacts}</dt>
        <dd>
          {card.contacts.length === 0 ? (
            texts.noContacts
          ) : (
            <ul className="desk-card__contacts">
              {card.contacts.map((contact) => (
                <li key={contact.name}>
                  {contact.name}
                  {contact.acknowledged_at && `: ${texts.gotIt}`}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p className="desk-card__attending">
        {card.attending ? texts.attending(card.attending.email) : texts.nobodyAttending}
        {!card.active && ` · ${texts.ended}`}
        {card.closed && ` · ${texts.closed(card.closed.outcome, card.closed.by)}`}
      </p>
      {children}
    </article>
  );
}
