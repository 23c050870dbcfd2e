import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';

// The shape the server makes: 32 random bytes in base64url.
const TOKEN = 'q3M9kZ2xV7bN1cW4rT8yU0pL5sD6fG2hJ9aE3iO7uK1';

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function terms() {
  return screen.findByRole('dialog', { name: 'Términos y condiciones' });
}

describe('a contact confirming from the e-mailed link', () => {
  it.each([`/web/active/verify/${TOKEN}`, `/web/active/confirm?token=${TOKEN}`])(
    'shows the terms at %s, and accepting them welcomes the contact',
    async (path) => {
      const { calls } = stubApi({
        [`GET /api/verify-contact/${TOKEN}`]: () => ok('Gracias. Ahora eres contacto de emergencia.'),
      });
      const { router } = renderApp(path);
      const dialog = await terms();
      expect(within(dialog).getByText(/Alguien te agregó como su contacto de emergencia/)).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).toBeNull();
      // Opening the link records nothing: mail scanners open links too.
      expect(calls).toHaveLength(0);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/accept'));
      expect(await screen.findByRole('heading', { name: '¡Te damos la bienvenida!' })).toBeTruthy();
      expect(
        screen.getByText(/ahora formas parte de los contactos de emergencia de la persona que te agregó/),
      ).toBeTruthy();
      expect(calls).toHaveLength(1);
      expect(calls[0]?.headers.authorization).toBeUndefined();
      expect(window.dataLayer).toContainEqual({ event: 'contact_verify' });
    },
  );

  it('sends a used or expired link to the invalid-link page', async () => {
    stubFetch(() =>
      json(404, { success: false, message: 'Lo sentimos, el enlace que usaste no es válido o ya expiró.' }),
    );
    const { router } = renderApp(`/web/active/verify/${TOKEN}`);
    fireEvent.click(within(await terms()).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/invalid'));
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
    expect(screen.getByText('Lo sentimos, el enlace que usaste no es válido o ya expiró.')).toBeTruthy();
    expect(window.dataLayer).not.toContainEqual({ event: 'contact_verify' });
  });

  it('keeps the terms open and says so when there is no connection', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = renderApp(`/web/active/verify/${TOKEN}`);
    fireEvent.click(within(await terms()).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('No hay conexión con el servidor. Revisa tu conexión.'),
    );
    expect(router.state.location.pathname).toBe(`/web/active/verify/${TOKEN}`);
    expect(within(await terms()).getByRole('button', { name: 'Aceptar' })).toHaveProperty('disabled', false);
  });
});

describe('a contact unsubscribing from the e-mailed link', () => {
  it('explains first, and stops the e-mails only when the button is pressed', async () => {
    const { calls } = stubApi({ 'POST /api/unsubscribe': () => ok('Ya no recibirás correos de esta persona.') });
    renderApp(`/web/active/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Dejar de recibir correos' })).toBeTruthy();
    expect(screen.getByText(/ya no recibirás más correos de esa persona/)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Darme de baja' }));
    const done = await screen.findByRole('heading', { name: 'Baja confirmada' });
    expect(screen.getByText('Ya no recibirás más correos de esta persona.')).toBeTruthy();
    expect(document.activeElement).toBe(done);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/unsubscribe', body: { token: TOKEN } });
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('sends an unknown link to the invalid-link page', async () => {
    stubFetch(() =>
      json(404, { success: false, message: 'Lo sentimos, el enlace que usaste no es válido o ya expiró.' }),
    );
    const { router } = renderApp(`/web/active/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Darme de baja' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/invalid'));
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
  });
});
