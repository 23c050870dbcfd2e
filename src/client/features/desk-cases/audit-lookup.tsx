import { useState } from 'react';
import { DESK_SEARCH_MIN_LENGTH } from '#shared/api/desk.ts';
import { useDeskAuditLookup } from './api/desk-search.ts';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { DeskSearchField } from './desk-search-field.tsx';
import { deskMoment } from './desk-time.ts';

/**
 * On 'Registro': "did anyone at the desk look this person up?". The log keeps no typed text, so the
 * server answers with the searches whose fingerprint the name or phone would have given.
 */
export function AuditLookup() {
  const [asked, setAsked] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const found = useDeskAuditLookup(asked);
  const search = (typed: string) => {
    const text = typed.trim();
    setTooShort(text.length < DESK_SEARCH_MIN_LENGTH);
    if (text.length >= DESK_SEARCH_MIN_LENGTH) setAsked(text);
  };
  return (
    <section className="desk-lookup" aria-labelledby="desk-lookup-title">
      <h2 id="desk-lookup-title">{texts.lookupTitle}</h2>
      <DeskSearchField
        id="desk-lookup"
        label={texts.lookupLabel}
        hint={texts.lookupHint}
        button={texts.lookupButton}
        onSearch={search}
        invalid={tooShort}
      />
      <div role="status">
        {tooShort ? (
          <p>{texts.lookupTooShort}</p>
        ) : found.isError ? (
          <p>{found.error.message}</p>
        ) : found.isFetching ? (
          <p>{texts.loading}</p>
        ) : found.data ? (
          <>
            <p className="desk-lookup__answer">{texts.lookupAnswer(asked, found.data.length)}</p>
            {found.data.length > 0 && (
              <ul className="desk-lookup__list">
                {found.data.map((line) => (
                  <li key={line.id}>{texts.lookupLine(deskMoment(line.at), line.staff_email, line.results ?? 0)}</li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
