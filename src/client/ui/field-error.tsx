import './form-controls.css';

type Props = {
  id: string;
  errors: string[] | undefined;
  /** Said at once, interrupting (a dialog whose one field is the whole question), rather than politely. */
  urgent?: boolean;
};

/** The first message of a field, announced when it appears. */
export function FieldError({ id, errors, urgent = false }: Props) {
  return (
    <p id={id} className="field__error" {...(urgent ? { role: 'alert' } : { 'aria-live': 'polite' })}>
      {errors?.[0]}
    </p>
  );
}
