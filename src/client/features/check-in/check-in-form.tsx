import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CHECK_IN_PURPOSES, CHECK_IN_PURPOSE_LABELS, type CheckInPurpose } from '#shared/api/check-ins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { getLocation } from '#client/lib/location/location-store.ts';
import { startCheckIn } from './check-in-actions.ts';
import { CHECK_IN_SET, CHECK_IN_SET_QUEUED, NEEDS_SIGNAL, PURPOSE_REQUIRED, WHAT_HAPPENS } from './check-in-texts.ts';
import { DueChooser, EMPTY_DUE, type DueValue } from './due-chooser.tsx';
import { readDue } from './due-value.ts';
import '#client/ui/form-controls.css';
import './check-in.css';

interface Errors {
  purpose?: string;
  place?: string;
  due?: string;
  form?: string;
}

/** What for, where, and by when: then the server watches the clock for the person. */
export function CheckInForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [purpose, setPurpose] = useState<CheckInPurpose | ''>('');
  const [place, setPlace] = useState('');
  const [due, setDue] = useState<DueValue>(EMPTY_DUE);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = readDue(due, new Date());
    const found: Errors = {};
    if (purpose === '') found.purpose = PURPOSE_REQUIRED;
    if ('error' in chosen) found.due = chosen.error;
    setErrors(found);
    if (purpose === '' || 'error' in chosen) return;

    setSending(true);
    const reply = await startCheckIn(queryClient, { purpose, place, due: chosen.due, fix: getLocation().fix });
    setSending(false);
    if (reply.kind === 'done' || reply.kind === 'queued') {
      showToast({
        message: reply.kind === 'done' ? CHECK_IN_SET : CHECK_IN_SET_QUEUED,
        variant: reply.kind === 'done' ? 'success' : 'info',
        screen: '/web/home',
      });
      onDone();
      return;
    }
    if (reply.kind === 'refused') {
      setErrors({
        purpose: reply.errors.purpose?.[0],
        place: reply.errors.place?.[0],
        due: reply.errors.due_at?.[0],
        form: Object.keys(reply.errors).length === 0 ? reply.message : undefined,
      });
      return;
    }
    setErrors({ form: reply.message });
  }

  return (
    <form className="check-in-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        className="field check-in__choices"
        aria-describedby={errors.purpose ? 'check-in-purpose-error' : undefined}
      >
        <legend className="field__label">¿Para qué sales?</legend>
        {CHECK_IN_PURPOSES.map((value) => (
          <label key={value} className="checkbox check-in__option">
            <input
              type="radio"
              name="purpose"
              value={value}
              checked={purpose === value}
              onChange={() => setPurpose(value)}
            />
            <span>{CHECK_IN_PURPOSE_LABELS[value]}</span>
          </label>
        ))}
        <p id="check-in-purpose-error" className="field__error" aria-live="polite">
          {errors.purpose}
        </p>
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor="check-in-place">
          ¿Dónde? (opcional)
        </label>
        <input
          id="check-in-place"
          className="field__input"
          type="text"
          maxLength={200}
          autoComplete="off"
          value={place}
          aria-invalid={errors.place ? true : undefined}
          aria-describedby="check-in-place-error"
          onChange={(event) => setPlace(event.target.value)}
        />
        <p id="check-in-place-error" className="field__error" aria-live="polite">
          {errors.place}
        </p>
      </div>

      <DueChooser
        name="check-in-due"
        legend="¿Para cuándo habrás vuelto?"
        value={due}
        onChange={setDue}
        error={errors.due}
      />

      <div className="check-in__explain">
        <p>{WHAT_HAPPENS}</p>
        <p>{NEEDS_SIGNAL}</p>
      </div>

      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--block check-in__submit" disabled={sending} aria-busy={sending}>
        Activar aviso
      </button>
    </form>
  );
}
