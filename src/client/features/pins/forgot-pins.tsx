import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useState } from 'react';
import { pinMessages, pinsResetSchema } from '#shared/api/pins.ts';
import { FieldError } from '#client/ui/field-error.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { useForgotPins, useResetPins } from '#client/api/pins.ts';
import { pinsReply } from './pin-errors.ts';
import { FORGOT_EXPLAIN } from './pins-texts.ts';
import '#client/ui/form-controls.css';
import { keepFourDigits } from '#client/ui/four-digits.ts';

/** 'Olvidé mi PIN': a code by e-mail, and with it the PINs are deleted (nothing else is). */
export function ForgotPins() {
  const forgot = useForgotPins();
  const reset = useResetPins();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: 'pins-reset',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: pinsResetSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      reset.mutate(submission.value.code, {
        onSuccess: () => {
          setSent(false);
          setLastResult(undefined);
          showToast({ message: pinMessages.deleted });
        },
        onError: (failure) => setLastResult(pinsReply(submission, failure)),
      });
    },
  });

  function send() {
    setError(undefined);
    forgot.mutate(undefined, {
      onSuccess: () => {
        setSent(true);
        showToast({ message: pinMessages.codeSent });
      },
      onError: (failure) => setError(failure.message),
    });
  }

  if (!sent) {
    return (
      <div className="pins__forgot">
        <p className="muted">{FORGOT_EXPLAIN}</p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="button" className="button button--ghost button--block" disabled={forgot.isPending} onClick={send}>
          Olvidé mi PIN
        </button>
      </div>
    );
  }
  const code = fields.code;
  const { type: _type, name, ...codeProps } = getInputProps(code, { type: 'text' });
  return (
    <form className="pins__forgot" {...getFormProps(form)} aria-label="Borrar mis PIN con el código">
      <div className="field">
        <label className="field__label" htmlFor={code.id}>
          Código que te enviamos por correo
        </label>
        <input
          className="field__input"
          {...codeProps}
          key={code.key}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          onInput={keepFourDigits}
          type="text"
          name={name}
        />
        <FieldError id={code.errorId} errors={code.errors} />
      </div>
      {form.errors?.[0] && (
        <p id={form.errorId} className="field__error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={reset.isPending}>
        Borrar mis PIN
      </button>
    </form>
  );
}
