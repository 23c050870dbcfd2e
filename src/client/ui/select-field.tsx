import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { FieldError } from './field-error.tsx';
import './form-controls.css';

interface Props {
  label: string;
  meta: FieldMetadata<string>;
  /** The empty first option; choosing it counts as no answer. */
  placeholder: string;
  options: readonly string[];
}

/** A labelled native select (the phone's own picker on mobile) with its error under it. */
export function SelectField({ label, meta, placeholder, options }: Props) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <select className="field__input" {...getSelectProps(meta)} key={meta.key}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
