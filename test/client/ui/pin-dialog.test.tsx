import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinDialog } from '#client/ui/pin-dialog.tsx';

afterEach(() => cleanup());

/** The dialog on a page of its own ('Olvidé mi PIN' is a router link); `answers` are the server's, in turn. */
async function openDialog(answers: (string | null)[]) {
  const onSubmit = vi.fn(async () => answers.shift() ?? null);
  const rootRoute = createRootRoute({
    component: () => (
      <PinDialog title="Escribe tu PIN" hint="Tu alerta sigue activa." onSubmit={onSubmit} onCancel={() => {}} />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  const dialog = await screen.findByRole('alertdialog', { name: 'Escribe tu PIN' });
  return { dialog, onSubmit };
}

/** What a screen reader reads after the field's name: the element aria-describedby names. */
const descriptionOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the PIN dialog', () => {
  it('opens on its field, keeps four digits, and says at once what is wrong, tied to the field', async () => {
    const { dialog, onSubmit } = await openDialog(['PIN incorrecto.']);
    const field = within(dialog).getByLabelText<HTMLInputElement>('PIN de 4 números');
    expect(document.activeElement).toBe(field);
    expect([field.type, field.inputMode, field.autocomplete, field.maxLength, field.pattern]).toEqual([
      'password',
      'numeric',
      'off',
      4,
      '[0-9]{4}',
    ]);
    expect(field.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(field, { target: { value: '1a2' } });
    expect(field.value).toBe('12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Escribe tu PIN.');
    expect([field.getAttribute('aria-invalid'), descriptionOf(field)]).toEqual(['true', 'Escribe tu PIN.']);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('PIN incorrecto.'));
    expect(onSubmit).toHaveBeenCalledWith('9999');
    expect([field.value, descriptionOf(field)]).toEqual(['', 'PIN incorrecto.']);
  });
});
