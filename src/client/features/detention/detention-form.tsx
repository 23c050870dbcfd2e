import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useState } from 'react';
import {
  DETENTION_FIELD_LABELS,
  DETENTION_FIELDS,
  detentionMessages,
  type DetentionField,
  type DetentionInfo,
} from '#shared/api/detention-info.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { FieldError } from '#client/ui/field-error.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { useSaveDetentionInfo } from '#client/api/detention-info.ts';
import { birthDateToShow } from './birth-date.ts';
import { CountrySelect } from './country-select.tsx';
import { detentionFormSchema } from './detention-form-schema.ts';
import { DETENTION_SAVE, HINTS } from './detention-texts.ts';
import '#client/ui/form-controls.css';
import './detention.css';

const TEXT_FIELDS = DETENTION_FIELDS.filter((field) => field !== 'g28_signed');
const MULTILINE: ReadonlySet<DetentionField> = new Set(['children_contact', 'documents_location', 'medicines']);

// The fields as the person reads them: only the birth date differs from what is stored.
const shown = (info: DetentionInfo): DetentionInfo => ({ ...info, birth_date: birthDateToShow(info.birth_date) });

interface Replyable {
  reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
}

/** The server's first message on each field it refuses, or its general message for the form. */
function serverReply(submission: Replyable, error: unknown): SubmissionResult<string[]> {
  const fieldErrors = Object.entries(error instanceof ApiError ? (error.fieldErrors ?? {}) : {}).filter(
    ([field, messages]) => (DETENTION_FIELDS as readonly string[]).includes(field) && messages.length > 0,
  );
  if (fieldErrors.length > 0) {
    return submission.reply({
      fieldErrors: Object.fromEntries(fieldErrors.map(([field, messages]) => [field, messages.slice(0, 1)])),
    });
  }
  return submission.reply({ formErrors: [error instanceof Error ? error.message : String(error)] });
}

/** Each field optional and labelled; what the server stored comes back into the fields as it is. */
export function DetentionForm({ info }: { info: DetentionInfo }) {
  const save = useSaveDetentionInfo();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: 'detention',
    lastResult,
    defaultValue: shown(info),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // Every field is optional text: an empty one is '' to the shared schema, as the server reads it.
    onValidate: ({ formData }) =>
      parseWithValibot(formData, { schema: detentionFormSchema, disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      save.mutate(submission.value, {
        onSuccess: (stored) => {
          setLastResult(undefined);
          form.update({ value: shown(stored) });
          showToast({ message: detentionMessages.saved });
        },
        onError: (error) => setLastResult(serverReply(submission, error)),
      });
    },
  });

  return (
    <form className="detention-form" {...getFormProps(form)}>
      {TEXT_FIELDS.map((field) => {
        const meta = fields[field];
        const hint = HINTS[field];
        const describedBy = [hint ? `${meta.id}-hint` : '', meta.errorId].filter(Boolean).join(' ');
        return (
          <div className="field" key={field}>
            <label className="field__label" htmlFor={meta.id}>
              {DETENTION_FIELD_LABELS[field]}
            </label>
            {hint && (
              <p id={`${meta.id}-hint`} className="muted detention-form__hint">
                {hint}
              </p>
            )}
            {field === 'birth_country' ? (
              <CountrySelect meta={meta} describedBy={describedBy} />
            ) : MULTILINE.has(field) ? (
              <textarea
                className="field__input"
                {...getTextareaProps(meta)}
                key={meta.key}
                maxLength={200}
                rows={2}
                aria-describedby={describedBy}
              />
            ) : (
              <input
                className="field__input"
                {...getInputProps(meta, { type: field.endsWith('_phone') ? 'tel' : 'text' })}
                key={meta.key}
                maxLength={200}
                autoComplete="off"
                aria-describedby={describedBy}
              />
            )}
            <FieldError id={meta.errorId} errors={meta.errors} />
          </div>
        );
      })}
      <fieldset className="field detention-form__g28" aria-describedby={fields.g28_signed.errorId}>
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
              {...getInputProps(fields.g28_signed, { type: 'radio', value })}
              key={`${fields.g28_signed.key ?? ''}-${value}`}
              id={`${fields.g28_signed.id}-${value || 'none'}`}
              // Conform leaves out an empty value: 'No lo sé' must still send ''.
              value={value}
              defaultChecked={(fields.g28_signed.initialValue ?? '') === value}
            />
            <span>{label}</span>
          </label>
        ))}
        <FieldError id={fields.g28_signed.errorId} errors={fields.g28_signed.errors} />
      </fieldset>
      {form.errors?.[0] && (
        <p id={form.errorId} className="field__error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={save.isPending} aria-busy={save.isPending}>
        {DETENTION_SAVE}
      </button>
    </form>
  );
}
