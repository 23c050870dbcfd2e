import { fireEvent } from '@testing-library/react';

/**
 * Sets a text field's value as a person typing or pasting does: the browser fires `input` (and `change`
 * only on blur), and React's `onChange` on text inputs and textareas fires on `input`.
 * Selects, checkboxes and radios do get `change`: drive those with fireEvent.change or click.
 */
export function typeInto(element: Element, value: string): void {
  fireEvent.input(element, { target: { value } });
}
