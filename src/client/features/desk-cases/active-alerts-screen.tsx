import type { DeskAlertCard } from '#shared/api/desk.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useDeskAlerts } from './api/desk-alerts.ts';
import { useClaimCase } from './api/desk-case.ts';
import { AlertCard } from './alert-card.tsx';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import './desk-cases.css';

/** 'Alertas activas': consenting clients' alerts, newest first; 'Atender' takes one. */
export function ActiveAlertsScreen({ onOpenCase }: { onOpenCase: (alertId: string) => void }) {
  const alerts = useDeskAlerts();
  return (
    <section className="desk-cases" aria-labelledby="desk-active-title">
      <h1 id="desk-active-title">{texts.activeTitle}</h1>
      {alerts.data ? (
        alerts.data.length === 0 ? (
          <p>{texts.noAlerts}</p>
        ) : (
          <ul className="desk-cases__list">
            {alerts.data.map((card) => (
              <li key={card.id}>
                <AlertCard card={card}>
                  <CardActions card={card} onOpenCase={onOpenCase} />
                </AlertCard>
              </li>
            ))}
          </ul>
        )
      ) : alerts.isError ? (
        <>
          <p role="alert">{texts.loadFailed}</p>
          <button type="button" className="button" onClick={() => void alerts.refetch()}>
            {texts.retry}
          </button>
        </>
      ) : (
        <p role="status">{texts.loading}</p>
      )}
    </section>
  );
}

function CardActions({ card, onOpenCase }: { card: DeskAlertCard; onOpenCase: (alertId: string) => void }) {
  const claim = useClaimCase(card.id);
  return (
    <div className="desk-card__actions">
      {!card.attending && (
        <button
          type="button"
          className="button"
          disabled={claim.isPending}
          onClick={() =>
            claim.mutate(undefined, {
              onSuccess: () => onOpenCase(card.id),
              onError: (error) => showToast({ message: error.message, variant: 'danger' }),
            })
          }
        >
          {texts.attend}
        </button>
      )}
      <button type="button" className="button button--ghost" onClick={() => onOpenCase(card.id)}>
        {texts.openCase}
      </button>
    </div>
  );
}
