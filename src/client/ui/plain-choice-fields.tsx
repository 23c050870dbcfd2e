import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './form-controls.css';

type Common = {
  /** The control's id, which its label names. */
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** The house field: a label above its control, the label naming it (PlainTextField's frame too). */
export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled text area for a form kept in the screen's own state (the desk's notes). */
export function PlainTextAreaField({
  id,
  label,
  value,
  onValueChange,
  ...rest
}: Common & Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows' | 'required'>) {
  return (
    <LabelledField id={id} label={label}>
      <textarea
        id={id}
        className="field__input"
        {...rest}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </LabelledField>
  );
}

/** A labelled native select (the phone's own picker) for a form kept in the screen's own state; `children`: its options. */
export function PlainSelectField({
  id,
  label,
  value,
  onValueChange,
  children,
  ...rest
}: Common & { children: ReactNode } & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'required'>) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        className="field__input"
        {...rest}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {children}
      </select>
    </LabelledField>
  );
}
