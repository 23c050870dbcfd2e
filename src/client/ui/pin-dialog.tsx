import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from './dialog.tsx';
import './form-controls.css';
import './pin-dialog.css';
import { fourDigits } from './four-digits.ts';
import { PlainTextField } from './plain-text-field.tsx';

export const PIN_DIALOG_LABEL = 'PIN de 4 números';
export const PIN_REQUIRED = 'Escribe tu PIN.';
export const FORGOT_PIN = 'Olvidé mi PIN';

interface Props {
  title: string;
  /** A line under the title: why the PIN is asked. */
  hint?: string;
  /** Resolves with the Spanish error to show ('PIN incorrecto.'), or null when it went through. */
  onSubmit: (pin: string) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Asks for one of the person's PINs. Either PIN is accepted alike on this
 * screen: whoever watches cannot tell the duress PIN from the real one.
 */
export function PinDialog({ title, hint, onSubmit, onCancel }: Props) {
  const inputId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}$/.test(pin)) {
      setError(PIN_REQUIRED);
      return;
    }
    setSending(true);
    const problem = await onSubmit(pin);
    setSending(false);
    if (problem) {
      setError(problem);
      setPin('');
    }
  }

  return (
    <Dialog
      title={title}
      role="alertdialog"
      onDismiss={onCancel}
      actions={
        <>
          <button
            type="submit"
            form={`${inputId}-form`}
            className="button button--block"
            disabled={sending}
            aria-busy={sending}
          >
            Confirmar
          </button>
          <button type="button" className="button button--ghost button--block" onClick={onCancel}>
            Cancelar
          </button>
        </>
      }
    >
      <form id={`${inputId}-form`} className="pin-dialog" noValidate onSubmit={(event) => void submit(event)}>
        {hint && <p>{hint}</p>}
        <PlainTextField
          id={inputId}
          label={PIN_DIALOG_LABEL}
          value={pin}
          onValueChange={(typed) => setPin(fourDigits(typed))}
          error={error ?? undefined}
          urgentError
          inputClassName="pin-dialog__input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          pattern="[0-9]{4}"
          data-autofocus
        />
        <Link to="/web/profile" hash="pins" className="pin-dialog__forgot" onClick={onCancel}>
          {FORGOT_PIN}
        </Link>
      </form>
    </Dialog>
  );
}
