import { useState } from 'react';
import { useDeskSearch } from './api/desk-search.ts';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { DeskSearchField } from './desk-search-field.tsx';
import { deskMoment } from './desk-time.ts';
import './desk-cases.css';

/** A family member calls the firm: find the consenting client by name or phone, and their alerts. */
export function ClientSearch({ onOpenCase }: { onOpenCase: (alertId: string) => void }) {
  const [query, setQuery] = useState('');
  const found = useDeskSearch(query);
  return (
    <section className="desk-cases" aria-labelledby="desk-search-title">
      <h1 id="desk-search-title">{texts.searchTitle}</h1>
      <DeskSearchField
        id="desk-search"
        label={texts.searchLabel}
        hint={texts.searchHint}
        button={texts.searchButton}
        onSearch={setQuery}
        landmark
      />
      {found.isError && <p role="alert">{found.error.message}</p>}
      {found.data &&
        (found.data.length === 0 ? (
          <p role="status">{texts.noClients}</p>
        ) : (
          <ul className="desk-cases__list">
            {found.data.map((client) => (
              <li key={client.id} className="desk-card">
                <h2 className="desk-card__name">{client.name}</h2>
                <p>
                  <a href={`tel:${client.phone}`}>{client.phone}</a>
                </p>
                <ul className="desk-card__alerts">
                  {client.recent_alerts.map((alert) => (
                    <li key={alert.id}>
                      <button type="button" className="button button--ghost" onClick={() => onOpenCase(alert.id)}>
                        {alert.active ? `${texts.activeAlert}: ` : ''}
                        {deskMoment(alert.pressed_at)}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
