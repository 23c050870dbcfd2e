import { useState, type FormEvent } from 'react';
import {
  DETENTION_FIELD_LABELS,
  DETENTION_FIELDS,
  detentionMessages,
  type DetentionField,
  type DetentionInfo,
} from '#shared/api/detention-info.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useSaveDetentionInfo } from '#client/api/detention-info.ts';
import { birthDateToShow, birthDateToStore } from './birth-date.ts';
import { BIRTH_DATE_INVALID, DETENTION_SAVE, HINTS } from './detention-texts.ts';
import '#client/ui/form-controls.css';
import './detention.css';

type Errors = Partial<Record<DetentionField | 'form', string>>;
const TEXT_FIELDS = DETENTION_FIELDS.filter((field) => field !== 'g28_signed');
const MULTILINE: ReadonlySet<DetentionField> = new Set(['children_contact', 'documents_location', 'medicines']);

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: String(error) };
  const data = error.data as { errors?: Record<string, string[]> } | undefined;
  const found: Errors = {};
  for (const field of DETENTION_FIELDS) {
    const first = data?.errors?.[field]?.[0];
    if (first) found[field] = first;
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}

// The fields as the person reads them: only the birth date differs from what is stored.
const shown = (info: DetentionInfo): DetentionInfo => ({ ...info, birth_date: birthDateToShow(info.birth_date) });

/** Each field optional and labelled; what the server stored comes back into the fields as it is. */
export function DetentionForm({ info }: { info: DetentionInfo }) {
  const save = useSaveDetentionInfo();
  const [values, setValues] = useState<DetentionInfo>(() => shown(info));
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const birthDate = birthDateToStore(values.birth_date);
    if (birthDate === undefined) {
      setErrors({ birth_date: BIRTH_DATE_INVALID });
      return;
    }
    setErrors({});
    save.mutate(
      { ...values, birth_date: birthDate },
      {
        onSuccess: (stored) => {
          setValues(shown(stored));
          showToast({ message: detentionMessages.saved });
        },
        onError: (error) => setErrors(serverErrors(error)),
      },
    );
  }

  const set = (field: DetentionField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <form className="detention-form" noValidate onSubmit={submit}>
      {TEXT_FIELDS.map((field) => {
        const id = `detention-${field}`;
        const hint = HINTS[field];
        const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
        const common = {
          id,
          name: field,
          className: 'field__input',
          value: values[field],
          maxLength: 200,
          'aria-invalid': errors[field] ? true : undefined,
          'aria-describedby': describedBy,
        };
        return (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={id}>
              {DETENTION_FIELD_LABELS[field]}
            </label>
            {hint && (
              <p id={`${id}-hint`} className="muted detention-form__hint">
                {hint}
              </p>
            )}
            {MULTILINE.has(field) ? (
              <textarea {...common} rows={2} onChange={(event) => set(field, event.target.value)} />
            ) : (
              <input
                {...common}
                type={field.endsWith('_phone') ? 'tel' : 'text'}
                autoComplete="off"
                onChange={(event) => set(field, event.target.value)}
              />
            )}
            <p id={`${id}-error`} className="field__error" aria-live="polite">
              {errors[field]}
            </p>
          </div>
        );
      })}
      <fieldset className="field detention-form__g28" aria-describedby="detention-g28_signed-error">
        <legend className="field__label">{DETENTION_FIELD_LABELS.g28_signed}</legend>
        {(
          [
            ['si', 'Sí'],
            ['no', 'No'],
            ['', 'No lo sé / prefiero no decir'],
          ] as const
        ).map(([value, label]) => (
          <label key={value || 'none'} className="checkbox detention-form__option">
            <input
              type="radio"
              name="g28_signed"
              value={value}
              checked={values.g28_signed === value}
              onChange={() => set('g28_signed', value)}
            />
            <span>{label}</span>
          </label>
        ))}
        <p id="detention-g28_signed-error" className="field__error" aria-live="polite">
          {errors.g28_signed}
        </p>
      </fieldset>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={save.isPending} aria-busy={save.isPending}>
        {DETENTION_SAVE}
      </button>
    </form>
  );
}
