import { fireEvent, screen } from '@testing-library/react';

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
  fireEvent.change(await screen.findByLabelText('Nombres'), { target: { value: values.firstname } });
  fireEvent.change(screen.getByLabelText('Apellidos'), { target: { value: values.lastname } });
  fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: values.phone } });
  fireEvent.change(screen.getByLabelText('Parentesco'), { target: { value: values.kinship } });
}

export function saveContactForm(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Guardar contacto' }));
}
