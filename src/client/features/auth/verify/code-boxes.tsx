import type { FieldMetadata } from '@conform-to/react';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH } from '#shared/constants.ts';
import '#client/ui/form-controls.css';

interface Props {
  fields: ReadonlyArray<FieldMetadata<string>>;
  digits: readonly string[];
  onDigitsChange: (digits: string[]) => void;
  errorId: string;
  error: string | undefined;
}

/**
 * Four one-digit boxes: digits only, typing moves on, Backspace in an empty box
 * moves back, and a pasted (or auto-filled) code spreads over the boxes.
 */
export function CodeBoxes({ fields, digits, onDigitsChange, errorId, error }: Props) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  function focusBox(index: number) {
    const input = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  }

  function spread(start: number, typed: string) {
    const next = [...digits];
    const chars = typed.slice(0, CODE_LENGTH - start).split('');
    chars.forEach((char, offset) => (next[start + offset] = char));
    onDigitsChange(next);
    focusBox(start + chars.length);
  }

  function handleChange(index: number, raw: string) {
    const typed = raw.replace(/\D/g, '');
    if (typed === '') {
      onDigitsChange(digits.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    // Typing into a filled box leaves the old digit first: the new one is the last.
    spread(index, typed.length === 2 && digits[index] ? typed.slice(-1) : typed);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted === '') return;
    // A whole code always starts at the first box, wherever it was pasted.
    spread(pasted.length >= CODE_LENGTH ? 0 : index, pasted);
  }

  return (
    <fieldset className="code-boxes">
      <legend className="field__label">Código de verificación</legend>
      <div className="code-boxes__row">
        {fields.map((meta, index) => (
          <div key={meta.key ?? meta.name}>
            <label className="visually-hidden" htmlFor={meta.id}>
              {`Dígito ${index + 1} de ${CODE_LENGTH}`}
            </label>
            <input
              ref={(element) => {
                inputs.current[index] = element;
              }}
              id={meta.id}
              name={meta.name}
              form={meta.formId}
              className="field__input code-boxes__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={index === 0 ? CODE_LENGTH : 2}
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              value={digits[index] ?? ''}
              aria-invalid={meta.errors ? true : undefined}
              aria-describedby={meta.errors ? errorId : undefined}
              onChange={(event) => handleChange(index, event.target.value)}
              onKeyDown={(event) => handleKeyDown(index, event)}
              onPaste={(event) => handlePaste(index, event)}
              onFocus={(event) => event.target.select()}
            />
          </div>
        ))}
      </div>
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
