import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainTextField } from '#client/ui/plain-text-field.tsx';

afterEach(() => cleanup());

/** What a screen reader reads after the field's name: the element aria-describedby names. */
const descriptionOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

function CodeField({ error }: { error?: string }) {
  const [code, setCode] = useState('');
  return (
    <PlainTextField
      id="codigo"
      label="Código"
      inputMode="numeric"
      maxLength={4}
      value={code}
      onValueChange={(typed) => setCode(typed.replace(/\D/g, ''))}
      error={error}
    />
  );
}

describe('a text field kept in the screen’s own state', () => {
  it('is found by its label and keeps what the screen makes of the typing', () => {
    render(<CodeField />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Código' });
    fireEvent.change(input, { target: { value: '12a3' } });
    expect([input.value, input.maxLength, input.inputMode, input.getAttribute('aria-invalid')]).toEqual([
      '123',
      4,
      'numeric',
      null,
    ]);
    expect(descriptionOf(input)).toBe('');
  });

  it('shows its error under it, marks it invalid and ties the error to it for a screen reader', () => {
    render(<CodeField error="Escribe los 4 números del código." />);
    const input = screen.getByRole('textbox', { name: 'Código' });
    expect([input.getAttribute('aria-invalid'), descriptionOf(input)]).toEqual([
      'true',
      'Escribe los 4 números del código.',
    ]);
    expect(screen.getByText('Escribe los 4 números del código.').getAttribute('aria-live')).toBe('polite');
  });
});
