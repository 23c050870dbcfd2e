import { useState, type FormEvent } from 'react';
import { deskActions, deskOutcomes, type DeskCase, type DeskOutcome } from '#shared/api/desk.ts';
import { DETENTION_FIELD_LABELS, type DetentionField } from '#shared/api/detention-info.ts';
import { PlainSelectField, PlainTextAreaField } from '#client/ui/plain-choice-fields.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { useAddNote, useClaimCase, useCloseCase, useDeskCase, useLogAction } from './api/desk-case.ts';
import { AlertCard } from './alert-card.tsx';
import { deskCasesTexts as texts, duressTimelineKindTexts, timelineKindTexts } from './desk-cases-texts.ts';
import { deskMoment } from './desk-time.ts';
import '#client/ui/form-controls.css';
import './desk-cases.css';

const failed = (error: Error) => showToast({ message: error.message, variant: 'danger' });

/** One case: the card, the detention information if the person chose the firm, the timeline, notes, actions and 'Cerrar caso'. */
export function CaseScreen({ alertId }: { alertId: string }) {
  const view = useDeskCase(alertId);
  if (view.isError)
    return (
      <p role="alert" className="desk-cases">
        {view.error.message}
      </p>
    );
  if (!view.data) return <p role="status">{texts.loading}</p>;
  const found = view.data;
  return (
    <section className="desk-cases" aria-labelledby="desk-case-title">
      <h1 id="desk-case-title">{texts.caseTitle(found.client.name)}</h1>
      <AlertCard card={found}>
        <ClaimButton found={found} />
      </AlertCard>
      {found.detention_info && <DetentionInfo info={found.detention_info} />}
      <Timeline found={found} />
      {!found.closed && (
        <>
          <NoteForm alertId={alertId} />
          <ActionButtons alertId={alertId} />
          <CloseForm alertId={alertId} />
        </>
      )}
    </section>
  );
}

function ClaimButton({ found }: { found: DeskCase }) {
  const claim = useClaimCase(found.id);
  if (found.attending || found.closed) return null;
  return (
    <button
      type="button"
      className="button"
      disabled={claim.isPending}
      onClick={() => claim.mutate(undefined, { onError: failed })}
    >
      {texts.attend}
    </button>
  );
}

function copy(text: string) {
  navigator.clipboard.writeText(text).then(
    () => showToast({ message: texts.copied }),
    () => showToast({ message: text, variant: 'info' }),
  );
}

/** How a stored answer reads ('si' is the form's value, not a word). */
const shownValue = (field: string, value: string) =>
  field === 'g28_signed' ? ((texts.g28Answer as Record<string, string | undefined>)[value] ?? value) : value;

function DetentionInfo({ info }: { info: Record<string, string> }) {
  // What the locator's search asks for: the A-number (stored as it takes it, 9 digits) and the country.
  const locator = [info.a_number, info.birth_country].filter(Boolean).join('\t');
  return (
    <section className="desk-detention" aria-labelledby="desk-detention-title">
      <h2 id="desk-detention-title">{texts.detentionTitle}</h2>
      <p className="muted">{texts.locatorHint}</p>
      <dl className="desk-detention__fields">
        {Object.entries(info)
          .filter(([, value]) => value !== '')
          .map(([field, value]) => (
            <div key={field} className="desk-detention__field">
              <dt>{DETENTION_FIELD_LABELS[field as DetentionField] ?? field}</dt>
              <dd>{shownValue(field, value)}</dd>
            </div>
          ))}
      </dl>
      {locator !== '' && (
        <button type="button" className="button button--ghost" onClick={() => copy(locator)}>
          {texts.copyLocator}
        </button>
      )}
    </section>
  );
}

function Timeline({ found }: { found: DeskCase }) {
  return (
    <section aria-labelledby="desk-timeline-title">
      <h2 id="desk-timeline-title">{texts.timeline}</h2>
      <ol className="desk-timeline">
        {found.timeline.map((line, index) => (
          <li key={index}>
            <time dateTime={line.at}>{deskMoment(line.at)}</time>{' '}
            <span>
              {(line.duress ? duressTimelineKindTexts[line.kind] : undefined) ??
                timelineKindTexts[line.kind] ??
                line.kind}
              {line.staff_email && ` ${line.staff_email}`}
              {line.action && `: ${line.action}`}
              {line.text && ` — ${line.text}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function NoteForm({ alertId }: { alertId: string }) {
  const add = useAddNote(alertId);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(text, { onSuccess: () => setText(''), onError: failed });
  };
  return (
    <form className="desk-form" onSubmit={submit}>
      <PlainTextAreaField
        id="desk-note"
        label={texts.noteLabel}
        rows={3}
        value={text}
        onValueChange={setText}
        required
      />
      <button type="submit" className="button" disabled={add.isPending}>
        {texts.addNote}
      </button>
    </form>
  );
}

function ActionButtons({ alertId }: { alertId: string }) {
  const log = useLogAction(alertId);
  return (
    <section aria-labelledby="desk-actions-title">
      <h2 id="desk-actions-title">{texts.actionsTitle}</h2>
      <div className="desk-actions">
        {deskActions.map((action) => (
          <button
            key={action}
            type="button"
            className="button button--ghost"
            disabled={log.isPending}
            onClick={() => log.mutate({ action, text: '' }, { onError: failed })}
          >
            {action}
          </button>
        ))}
      </div>
    </section>
  );
}

function CloseForm({ alertId }: { alertId: string }) {
  const close = useCloseCase(alertId);
  const [outcome, setOutcome] = useState<DeskOutcome | ''>('');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outcome) close.mutate({ outcome, text }, { onError: failed });
  };
  return (
    <form className="desk-form" onSubmit={submit} aria-labelledby="desk-close-title">
      <h2 id="desk-close-title">{texts.closeTitle}</h2>
      <PlainSelectField
        id="desk-outcome"
        label={texts.outcomeLabel}
        value={outcome}
        onValueChange={(value) => setOutcome(value as DeskOutcome)}
        required
      >
        <option value="">Elige cómo terminó</option>
        {deskOutcomes.map((one) => (
          <option key={one} value={one}>
            {one}
          </option>
        ))}
      </PlainSelectField>
      <PlainTextAreaField
        id="desk-close-note"
        label={texts.closeNoteLabel}
        rows={2}
        value={text}
        onValueChange={setText}
      />
      <button type="submit" className="button button--danger" disabled={close.isPending || !outcome}>
        {texts.closeButton}
      </button>
    </form>
  );
}
