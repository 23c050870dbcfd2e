import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes } from 'react';
import { FieldError } from './field-error.tsx';
import './form-controls.css';

type Props = {
  label: string;
  meta: FieldMetadata<string>;
  type?: 'text' | 'email' | 'tel';
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'autoFocus' | 'disabled'>;

/** A labelled input whose error sits under it and is tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, meta, type = 'text', ...rest }: Props) {
  // `type` and `name` last: React DOM sets them after an input's other attributes in the browser, and
  // its server renderer writes them in the order given, so the prerendered screens match the app's.
  const { type: _type, name, ...inputProps } = getInputProps(meta, { type });
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <input className="field__input" {...inputProps} key={meta.key} {...rest} type={type} name={name} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
