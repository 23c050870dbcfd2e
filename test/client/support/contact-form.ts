import { fireEvent, screen } from '@testing-library/react';
import { typeInto } from './type-into.ts';

export interface ContactFormValues {
  firstname: string;
  lastname: string;
  email: string;
  /** As a person types it, without the dial code. */
  phone: string;
  kinship: string;
}

export const luis: ContactFormValues = {
  firstname: 'Luis',
  lastname: 'Pérez',
  email: 'Luis@Example.com',
  phone: '(305) 555-0199',
  kinship: 'Hermano',
};

/** Fills the contact form the way a person would, field by field, found by their labels. */
export async function fillContactForm(values: ContactFormValues = luis): Promise<void> {
  typeInto(await screen.findByLabelText('Nombres'), values.firstname);
  typeInto(screen.getByLabelText('Apellidos'), values.lastname);
  typeInto(screen.getByLabelText('Correo electrónico'), values.email);
  typeInto(screen.getByLabelText('Teléfono'), values.phone);
  fireEvent.change(screen.getByLabelText('Parentesco'), { target: { value: values.kinship } });
}

export function saveContactForm(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Guardar contacto' }));
}
