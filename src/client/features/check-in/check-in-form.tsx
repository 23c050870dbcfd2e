import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CHECK_IN_PURPOSES, CHECK_IN_PURPOSE_LABELS, CHECK_IN_PLACE_MAX_LENGTH } from '#shared/api/check-ins.ts';
import { FieldError } from '#client/ui/field-error.tsx';
import { getLocation } from '#client/lib/location/location-store.ts';
import type { CheckInReply } from '#client/api/check-in-calls.ts';
import { startCheckIn } from './check-in-actions.ts';
import { checkInFormSchema, type CheckInFormFields, type CheckInFormValue } from './check-in-form-schema.ts';
import { NEEDS_SIGNAL, WHAT_HAPPENS } from './check-in-form-texts.ts';
import { DueChooser, EMPTY_DUE, type DueValue } from './due-chooser.tsx';
import '#client/ui/form-controls.css';
import './check-in.css';

interface Replyable {
  reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
}

/** The server's first message on each field it refuses (the deadline on the chooser), or its message for the form. */
function serverReply(submission: Replyable, reply: Exclude<CheckInReply, { kind: 'done' | 'queued' }>) {
  const errors = reply.kind === 'refused' ? reply.errors : {};
  const fieldErrors = Object.fromEntries(
    (
      [
        ['purpose', errors.purpose],
        ['place', errors.place],
        ['due_choice', errors.due_at],
      ] as const
    ).flatMap(([field, messages]) => (messages?.[0] ? [[field, [messages[0]]]] : [])),
  );
  return Object.keys(errors).length > 0
    ? submission.reply({ fieldErrors })
    : submission.reply({ formErrors: [reply.message] });
}

/** What for, where, and by when: then the server watches the clock for the person. */
export function CheckInForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  // Controlled: the time and the day show only once 'A la hora que elijas' is chosen.
  const [due, setDue] = useState<DueValue>(EMPTY_DUE);
  const [sending, setSending] = useState(false);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm<CheckInFormFields, CheckInFormValue>({
    id: 'check-in',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      parseWithValibot(formData, { schema: checkInFormSchema(new Date()), disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success' || submission.value.due === null) return;
      const { purpose, place, due: at } = submission.value;
      setSending(true);
      void startCheckIn(queryClient, { purpose, place, due: at, fix: getLocation().fix }).then((reply) => {
        setSending(false);
        if (reply.kind === 'done' || reply.kind === 'queued') {
          // Home's card says it from here on (running, or waiting for signal), under its buttons: a
          // notice above home would push 'Estoy bien' below the first screen of a small phone.
          setLastResult(undefined);
          onDone();
          return;
        }
        setLastResult(serverReply(submission, reply));
      });
    },
  });
  const purposeError = fields.purpose.errors?.[0];

  return (
    <form className="check-in-form" {...getFormProps(form)}>
      <fieldset
        className="field check-in__choices"
        aria-describedby={purposeError ? fields.purpose.errorId : undefined}
      >
        <legend className="field__label">¿Para qué sales?</legend>
        {getCollectionProps(fields.purpose, { type: 'radio', options: [...CHECK_IN_PURPOSES] }).map((props) => (
          <label key={props.key} className="checkbox check-in__option">
            <input {...props} key={props.key} aria-invalid={undefined} aria-describedby={undefined} />
            <span>{CHECK_IN_PURPOSE_LABELS[props.value as (typeof CHECK_IN_PURPOSES)[number]]}</span>
          </label>
        ))}
        <FieldError id={fields.purpose.errorId} errors={fields.purpose.errors} />
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={fields.place.id}>
          ¿Dónde? (opcional)
        </label>
        <input
          className="field__input"
          {...getInputProps(fields.place, { type: 'text' })}
          key={fields.place.key}
          maxLength={CHECK_IN_PLACE_MAX_LENGTH}
          autoComplete="off"
        />
        <FieldError id={fields.place.errorId} errors={fields.place.errors} />
      </div>

      <DueChooser
        name="due"
        legend="¿Para cuándo habrás vuelto?"
        value={due}
        onChange={setDue}
        error={fields.due_choice.errors?.[0]}
      />

      <div className="check-in__explain">
        <p>{WHAT_HAPPENS}</p>
        <p>{NEEDS_SIGNAL}</p>
      </div>

      {form.errors?.[0] && (
        <p id={form.errorId} className="field__error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <button type="submit" className="button button--block check-in__submit" disabled={sending} aria-busy={sending}>
        Activar aviso
      </button>
    </form>
  );
}
