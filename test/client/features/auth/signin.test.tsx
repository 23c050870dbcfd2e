import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { typeInto } from '../../support/type-into.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

async function emailBox() {
  return screen.findByLabelText('Correo electrónico');
}

describe('signing in with an e-mail', () => {
  it('asks for the e-mail when the box is left empty', async () => {
    renderApp('/web/auth/signin');
    const email = await emailBox();
    fireEvent.focusOut(email);
    expect(await screen.findByText('El correo es obligatorio')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'El correo es obligatorio',
    );
  });

  it('says when the e-mail is not valid', async () => {
    renderApp('/web/auth/signin');
    const email = await emailBox();
    typeInto(email, 'ana@');
    fireEvent.focusOut(email);
    expect(await screen.findByText('El correo no es válido')).toBeTruthy();
  });

  it('sends the code and moves on to the code screen', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: 'Te enviamos un código' }));
    const { router } = renderApp('/web/auth/signin');
    typeInto(await emailBox(), ' Ana@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/verify'));
    expect(calls[0]).toMatchObject({ url: '/api/signin', method: 'POST', body: { email: 'ana@example.com' } });
    expect(getSessionState().auth.email).toBe('ana@example.com');
  });

  it('also moves on when a code was sent moments ago', async () => {
    stubFetch(() => json(409, { success: false, message: 'Ya te enviamos un código hace poco.' }));
    const { router } = renderApp('/web/auth/signin');
    typeInto(await emailBox(), 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/verify'));
  });

  it('shows the server message for the field it names', async () => {
    stubFetch(() =>
      json(422, { success: false, message: 'Datos no válidos', errors: { email: ['Este correo no se puede usar'] } }),
    );
    renderApp('/web/auth/signin');
    typeInto(await emailBox(), 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Este correo no se puede usar')).toBeTruthy();
  });
});
