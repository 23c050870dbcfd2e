import type { InputHTMLAttributes } from 'react';
import { FieldError } from './field-error.tsx';
import { LabelledField } from './plain-choice-fields.tsx';
import './form-controls.css';

type Props = {
  /** The input's id; its error's is `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  /** The error interrupts what a screen reader is saying (see FieldError). */
  urgentError?: boolean;
  /** Added to the input's own class. */
  inputClassName?: string;
  /** The field a dialog focuses when it opens (src/client/ui/dialog.tsx). */
  'data-autofocus'?: boolean;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'pattern'>;

/**
 * TextField for a form kept in the screen's own state rather than Conform's (the desk's, the PIN
 * dialog's): a labelled input whose error sits under it and is tied to it (aria-invalid, aria-describedby).
 */
export function PlainTextField({
  id,
  label,
  value,
  onValueChange,
  error,
  urgentError = false,
  inputClassName,
  ...rest
}: Props) {
  const errorId = `${id}-error`;
  return (
    <LabelledField id={id} label={label}>
      <input
        id={id}
        className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
        {...rest}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <FieldError id={errorId} errors={error ? [error] : undefined} urgent={urgentError} />
    </LabelledField>
  );
}
