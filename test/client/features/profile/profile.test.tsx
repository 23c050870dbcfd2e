import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { typeInto } from '../../support/type-into.ts';

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'López', phone: '+13055550123' };

signedInForEachTest();

async function form() {
  return {
    email: (await screen.findByLabelText('Correo electrónico')) as HTMLInputElement,
    firstname: screen.getByLabelText('Nombres') as HTMLInputElement,
    lastname: screen.getByLabelText('Apellidos') as HTMLInputElement,
    phone: screen.getByLabelText('Teléfono') as HTMLInputElement,
  };
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
}

describe('the profile', () => {
  it('shows the personal information, with the e-mail that cannot be changed', async () => {
    stubApi({ 'GET /api/profile': () => ok(profile) });
    renderApp('/web/profile');
    const fields = await form();
    expect(fields.email.value).toBe('ana@example.com');
    expect(fields.email.disabled).toBe(true);
    expect(fields.firstname.value).toBe('Ana');
    expect(fields.lastname.value).toBe('López');
    expect(fields.phone.value.replace(/\D/g, '')).toBe('3055550123');
  });

  it('says exactly what is missing', async () => {
    stubApi({ 'GET /api/profile': () => ok(profile) });
    renderApp('/web/profile');
    const fields = await form();
    typeInto(fields.firstname, ' ');
    typeInto(fields.lastname, '');
    typeInto(fields.phone, '');
    save();
    expect(await screen.findByText('El campo nombres es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo apellidos es obligatorio')).toBeTruthy();
    expect(screen.getByText('El teléfono es obligatorio')).toBeTruthy();
  });

  it('saves the changes, and the greeting shows the new name at once', async () => {
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'PUT /api/profile': (call) => ok({ ...profile, ...(call.body as object) }),
    });
    renderApp('/web/profile');
    expect(await screen.findByText('Hola, Ana López')).toBeTruthy();
    const fields = await form();
    typeInto(fields.firstname, 'Ana María');
    typeInto(fields.phone, '(786) 555-0100');
    save();

    expect(await screen.findByText('Hola, Ana María López')).toBeTruthy();
    expect(screen.getByText('+17865550100')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText('Datos actualizados')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/profile',
      body: { email: 'ana@example.com', firstname: 'Ana María', lastname: 'López', phone: '+17865550100' },
    });
    expect(getSessionState().auth).toMatchObject({
      firstname: 'Ana María',
      name: 'Ana María López',
      phone: '+17865550100',
    });
  });

  it('shows a server error as a danger notice', async () => {
    stubApi({
      'GET /api/profile': () => ok(profile),
      'PUT /api/profile': () =>
        json(500, { success: false, message: 'Ocurrió un error en el servidor. Inténtalo de nuevo.' }),
    });
    renderApp('/web/profile');
    await form();
    save();
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Ocurrió un error en el servidor.'));
    expect(screen.getByText('Hola, Ana López')).toBeTruthy();
  });

  it('puts a server message on the field it names', async () => {
    stubApi({
      'GET /api/profile': () => ok(profile),
      'PUT /api/profile': () =>
        json(422, {
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: { phone: ['El teléfono no es válido'] },
        }),
    });
    renderApp('/web/profile');
    await form();
    save();
    expect(await screen.findByText('El teléfono no es válido')).toBeTruthy();
  });
});
