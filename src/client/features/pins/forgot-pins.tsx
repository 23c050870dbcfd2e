import { useState, type FormEvent } from 'react';
import { pinMessages } from '#shared/api/pins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useForgotPins, useResetPins } from '#client/api/pins.ts';
import { pinErrors } from './pin-errors.ts';
import { FORGOT_EXPLAIN } from './pins-texts.ts';
import '#client/ui/form-controls.css';

/** 'Olvidé mi PIN': a code by e-mail, and with it the PINs are deleted (nothing else is). */
export function ForgotPins() {
  const forgot = useForgotPins();
  const reset = useResetPins();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function send() {
    setError(undefined);
    forgot.mutate(undefined, {
      onSuccess: () => {
        setSent(true);
        showToast({ message: pinMessages.codeSent });
      },
      onError: (failure) => setError(pinErrors(failure).form ?? failure.message),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    reset.mutate(code, {
      onSuccess: () => {
        setSent(false);
        setCode('');
        showToast({ message: pinMessages.deleted });
      },
      onError: (failure) => {
        const errors = pinErrors(failure);
        setError(errors.code ?? errors.form);
      },
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
  return (
    <form className="pins__forgot" noValidate onSubmit={submit} aria-label="Borrar mis PIN con el código">
      <div className="field">
        <label className="field__label" htmlFor="pins-reset-code">
          Código que te enviamos por correo
        </label>
        <input
          id="pins-reset-code"
          className="field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby="pins-reset-code-error"
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        <p id="pins-reset-code-error" className="field__error" aria-live="polite">
          {error}
        </p>
      </div>
      <button type="submit" className="button button--block" disabled={reset.isPending}>
        Borrar mis PIN
      </button>
    </form>
  );
}
