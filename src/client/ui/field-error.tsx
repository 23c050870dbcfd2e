import './form-controls.css';

/** The first message of a field, announced when it appears. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="field__error" aria-live="polite">
      {errors?.[0]}
    </p>
  );
}
