import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { FieldError } from '#client/ui/field-error.tsx';
import '#client/ui/form-controls.css';

interface Props {
  meta: FieldMetadata<boolean>;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onOpenTerms: () => void;
}

export function TermsCheckbox({ meta, checked, onCheckedChange, onOpenTerms }: Props) {
  const { defaultChecked: _ignored, ...inputProps } = getInputProps(meta, { type: 'checkbox' });
  return (
    <div className="field">
      <div className="checkbox checkbox--beside">
        {/* The box in a label of its own, 44 px around it, so the finger's target is larger than the box drawn;
            the sentence is its second label (a label that holds the terms button cannot also hold the box). */}
        <label className="checkbox__target">
          <input
            {...inputProps}
            key={meta.key}
            checked={checked}
            onChange={(event) => onCheckedChange(event.target.checked)}
          />
        </label>
        <label htmlFor={meta.id}>
          Acepto los{' '}
          <button type="button" className="link-button link-button--inline" onClick={onOpenTerms}>
            términos y condiciones
          </button>
        </label>
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
