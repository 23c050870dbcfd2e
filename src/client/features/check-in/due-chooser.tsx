import { DUE_CHOICES, type DueChoice, type DueDay } from './due-time.ts';
import { AT_CHOSEN_TIME } from './check-in-form-texts.ts';
import '#client/ui/form-controls.css';
import './check-in.css';

export interface DueValue {
  choice: DueChoice | '';
  time: string;
  day: DueDay;
}

export const EMPTY_DUE: DueValue = { choice: '', time: '', day: 'today' };

interface Props {
  /**
   * Prefix of the ids and of the inputs' names (`<name>_choice`, `<name>_time`, `<name>_day`, the
   * fields the check-in form's schema reads); two choosers never share a page.
   */
  name: string;
  legend: string;
  value: DueValue;
  onChange: (value: DueValue) => void;
  error?: string | undefined;
}

/** '1 hora', '2 horas', '4 horas', or a time today or tomorrow: real radios with whole labels as targets. */
export function DueChooser({ name, legend, value, onChange, error }: Props) {
  const errorId = `${name}-error`;
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset className="field check-in__choices" aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      {DUE_CHOICES.map((option) => (
        <label key={option.value} className="checkbox check-in__option">
          <input
            type="radio"
            name={`${name}_choice`}
            value={option.value}
            checked={value.choice === option.value}
            onChange={() => onChange({ ...value, choice: option.value })}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <label className="checkbox check-in__option">
        <input
          type="radio"
          name={`${name}_choice`}
          value="time"
          checked={value.choice === 'time'}
          onChange={() => onChange({ ...value, choice: 'time' })}
        />
        <span>{AT_CHOSEN_TIME}</span>
      </label>
      {value.choice === 'time' && (
        <div className="check-in__time">
          <div className="field">
            <label className="field__label" htmlFor={`${name}-time`}>
              Hora
            </label>
            <input
              id={`${name}-time`}
              name={`${name}_time`}
              className="field__input"
              type="time"
              required
              value={value.time}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, time: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${name}-day`}>
              Día
            </label>
            <select
              id={`${name}-day`}
              name={`${name}_day`}
              className="field__input"
              value={value.day}
              onChange={(event) =>
                onChange({ ...value, day: event.target.value === 'tomorrow' ? 'tomorrow' : 'today' })
              }
            >
              <option value="today">Hoy</option>
              <option value="tomorrow">Mañana</option>
            </select>
          </div>
        </div>
      )}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
