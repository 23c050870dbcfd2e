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
      <div className="checkbox">
        <input
          {...inputProps}
          key={meta.key}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
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
