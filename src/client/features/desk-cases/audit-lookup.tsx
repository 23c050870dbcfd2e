import { useState } from 'react';
import { DESK_SEARCH_MIN_LENGTH, type DeskAuditLine, deskMessages } from '#shared/api/desk.ts';
import { useDeskAuditLookup } from './api/desk-search.ts';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { DeskSearchField } from './desk-search-field.tsx';
import { deskMoment } from './desk-time.ts';

/**
 * On 'Registro': "did anyone at the desk look this person up?". The log keeps no typed text, so the
 * server answers with the searches whose fingerprint the name or phone would have given; the asking
 * is logged as a look-up, since it too is a read about that person.
 */
export function AuditLookup() {
  const [tooShort, setTooShort] = useState(false);
  const found = useDeskAuditLookup();
  const search = (typed: string) => {
    const text = typed.trim();
    setTooShort(text.length < DESK_SEARCH_MIN_LENGTH);
    if (text.length < DESK_SEARCH_MIN_LENGTH) return;
    found.mutate(text);
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
          <p>{deskMessages.searchTooShort}</p>
        ) : found.isError ? (
          <p>{found.error.message}</p>
        ) : found.isPending ? (
          <p>{texts.loading}</p>
        ) : found.data ? (
          <LookupAnswer asked={found.variables} lines={found.data} />
        ) : null}
      </div>
    </section>
  );
}

/** The searches that would have found the person; then whoever already asked here (asking is logged too). */
function LookupAnswer({ asked, lines }: { asked: string; lines: DeskAuditLine[] }) {
  const searches = lines.filter((line) => line.action === 'search');
  const checks = lines.filter((line) => line.action === 'lookup');
  return (
    <>
      <p className="desk-lookup__answer">{texts.lookupAnswer(asked, searches.length)}</p>
      {searches.length > 0 && (
        <ul className="desk-lookup__list">
          {searches.map((line) => (
            <li key={line.id}>{texts.lookupLine(deskMoment(line.at), line.staff_email, line.results ?? 0)}</li>
          ))}
        </ul>
      )}
      {checks.length > 0 && (
        <>
          <p>{texts.lookupEarlierChecks(checks.length)}</p>
          <ul className="desk-lookup__list">
            {checks.map((line) => (
              <li key={line.id}>{texts.lookupCheckLine(deskMoment(line.at), line.staff_email)}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
