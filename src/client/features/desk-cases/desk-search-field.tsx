import { useState, type FormEvent } from 'react';
import '#client/ui/form-controls.css';

type Props = {
  /** The input's id; its hint's is `${id}-hint`. */
  id: string;
  label: string;
  hint: string;
  button: string;
  /** Called with the text as typed when the form is sent. */
  onSearch: (typed: string) => void;
  /** Whether what was last sent was refused (too short). */
  invalid?: boolean;
  /** A search landmark of the page ('Buscar cliente'), rather than a form inside a section of it. */
  landmark?: boolean;
};

/**
 * The desk's name-or-phone field with its hint and button. What is typed is asked only when sent:
 * each search the server answers is written to the audit log.
 */
export function DeskSearchField({ id, label, hint, button, onSearch, invalid = false, landmark = false }: Props) {
  const [typed, setTyped] = useState('');
  const hintId = `${id}-hint`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <form className="desk-form" role={landmark ? 'search' : undefined} onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="field__input"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={invalid ? true : undefined}
        />
        <p id={hintId} className="muted">
          {hint}
        </p>
      </div>
      <button type="submit" className="button">
        {button}
      </button>
    </form>
  );
}
