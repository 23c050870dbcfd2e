import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { FieldError } from '#client/ui/field-error.tsx';
import '#client/ui/form-controls.css';
import { keepFourDigits } from '#client/ui/four-digits.ts';

interface Props {
  label: string;
  meta: FieldMetadata<string>;
  hint?: string;
}

/** A labelled 4-digit PIN field of a Conform form: digits only, hidden as typed, its hint and error tied to it. */
export function PinInput({ label, meta, hint }: Props) {
  const hintId = `${meta.id}-hint`;
  const { type: _type, name, ...inputProps } = getInputProps(meta, { type: 'password' });
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="muted pins__hint">
          {hint}
        </p>
      )}
      <input
        className="field__input pins__input"
        {...inputProps}
        key={meta.key}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        // The error last: it is what a screen reader reads after the hint.
        aria-describedby={[hint ? hintId : '', meta.errorId].filter(Boolean).join(' ')}
        onInput={keepFourDigits}
        type="password"
        name={name}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
