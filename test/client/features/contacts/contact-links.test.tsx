import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
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
        [`GET /api/link-person/${TOKEN}`]: () => ok({ name: 'Carmen Ruiz', accepted: false }),
        [`GET /api/verify-contact/${TOKEN}`]: () => ok('Gracias. Ahora eres contacto de emergencia.'),
      });
      const { router } = renderApp(path);
      const dialog = await terms();
      expect(await within(dialog).findByText(/^Carmen Ruiz te agregó como su contacto de emergencia/)).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).toBeNull();
      // Opening the link records nothing (mail scanners open links too): it only reads whom it is from.
      expect(calls.map((call) => call.url)).toEqual([`/api/link-person/${TOKEN}`]);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/accept'));
      expect(await screen.findByRole('heading', { name: '¡Te damos la bienvenida!' })).toBeTruthy();
      expect(
        screen.getByText(/ahora formas parte de los contactos de emergencia de la persona que te agregó/),
      ).toBeTruthy();
      const accepted = calls.filter((call) => call.url.startsWith('/api/verify-contact/'));
      expect(accepted).toHaveLength(1);
      expect(accepted[0]?.headers.authorization).toBeUndefined();
      expect(window.dataLayer).toContainEqual({ event: 'contact_verify' });
    },
  );

  it('says an invitation opened again was already accepted, naming the person, without the terms', async () => {
    stubApi({ [`GET /api/link-person/${TOKEN}`]: () => ok({ name: 'Carmen Ruiz', accepted: true }) });
    renderApp(`/web/active/verify/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Ya aceptaste esta invitación' })).toBeTruthy();
    expect(screen.getByText(/^Ya formas parte/).textContent).toBe(
      'Ya formas parte de los contactos de emergencia de Carmen Ruiz. No tienes que hacer nada más: si presiona el botón SOS, te avisaremos por correo.',
    );
    expect(screen.queryByRole('dialog', { name: 'Términos y condiciones' })).toBeNull();
  });

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
      // The contact's words for a failed call (decision 048), Spanish here, not the API client's.
      expect(screen.getByRole('alert').textContent).toContain(contactTexts('es').requestFailed),
    );
    expect(router.state.location.pathname).toBe(`/web/active/verify/${TOKEN}`);
    expect(within(await terms()).getByRole('button', { name: 'Aceptar' })).toHaveProperty('disabled', false);
  });
});

describe('a contact unsubscribing from the e-mailed link', () => {
  it('explains first, and stops the e-mails only when the button is pressed', async () => {
    const { calls } = stubApi({
      [`GET /api/link-person/${TOKEN}`]: () => ok({ name: 'Carmen Ruiz', accepted: true }),
      'POST /api/unsubscribe': () => ok('Ya no recibirás correos de esta persona.'),
    });
    renderApp(`/web/active/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Dejar de recibir correos' })).toBeTruthy();
    expect(
      await screen.findByText(/^Recibes este enlace porque Carmen Ruiz te agregó.*más correos de Carmen Ruiz/),
    ).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['GET']);

    fireEvent.click(screen.getByRole('button', { name: 'Darme de baja' }));
    const done = await screen.findByRole('heading', { name: 'Baja confirmada' });
    expect(screen.getByText('Ya no recibirás más correos de esta persona.')).toBeTruthy();
    expect(document.activeElement).toBe(done);
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/unsubscribe', body: { token: TOKEN } });
    expect(calls[1]?.headers.authorization).toBeUndefined();
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
