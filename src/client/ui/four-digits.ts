import type { FormEvent } from 'react';
import { CODE_LENGTH } from '#shared/constants.ts';

/** What a PIN or e-mailed code field keeps of what was typed or pasted: its first four digits. */
export const fourDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** For an uncontrolled field (Conform reads the DOM): trims it in place, so the caret stays put otherwise. */
export function keepFourDigits(event: FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const digits = fourDigits(input.value);
  if (digits !== input.value) input.value = digits;
}
