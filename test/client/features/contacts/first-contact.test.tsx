import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { fillContactForm, saveContactForm } from '../../support/contact-form.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { preloadScreens } from '../../support/preload-screens.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { typeInto } from '../../support/type-into.ts';

// SPEC.md section 3, in its order, as the spec writes it: the test's own copy, not the app's list.
const KINSHIP_OPTIONS =
  'Padre, Madre, Hijo, Hija, Hermano, Hermana, Abuelo, Abuela, Nieto, Nieta, Tío, Tía, Sobrino, Sobrina, Primo, Prima, Esposo, Esposa, Padrastro, Madrastra, Hijastro, Hijastra, Cuñado, Cuñada, Suegro, Suegra, Yerno, Nuera, Compadre, Comadre, Amigo, Amiga, Conocido, Conocida, Pareja, Otro'.split(
    ', ',
  );

signedInForEachTest({ contacts: 0 });
preloadScreens('/web/auth/contacts', '/web/home');

describe('the first emergency contact', () => {
  it('says exactly what is missing', async () => {
    renderApp('/web/auth/contacts');
    await screen.findByRole('heading', { name: 'Agrega tu primer contacto de emergencia' });
    saveContactForm();
    expect(await screen.findByText('El campo nombres es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo apellidos es obligatorio')).toBeTruthy();
    expect(screen.getByText('El correo es obligatorio')).toBeTruthy();
    expect(screen.getByText('El teléfono es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo es obligatorio')).toBeTruthy();
    expect(screen.getByLabelText('Parentesco').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the e-mail is not valid', async () => {
    renderApp('/web/auth/contacts');
    const email = await screen.findByLabelText('Correo electrónico');
    typeInto(email, 'luis@');
    fireEvent.focusOut(email);
    expect(await screen.findByText('El correo no es válido')).toBeTruthy();
  });

  it('offers the 36 kinships in order after the placeholder', async () => {
    renderApp('/web/auth/contacts');
    const select = await screen.findByLabelText('Parentesco');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Seleccione un parentesco', ...KINSHIP_OPTIONS]);
    expect(options[0]?.getAttribute('value')).toBe('');
  });

  it('saves the contact, congratulates the person and goes home when the message is closed', async () => {
    const created = aContact();
    const { calls } = stubApi({
      'POST /api/contacts': () => ok(created),
      'GET /api/contacts': () => ok([created]),
    });
    const { router } = renderApp('/web/auth/contacts');
    await fillContactForm();
    saveContactForm();

    const dialog = await screen.findByRole('dialog', { name: '¡Felicidades!' });
    expect(within(dialog).getByText('Registraste tu primer contacto de emergencia.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/contacts',
      method: 'POST',
      body: {
        firstname: 'Luis',
        lastname: 'Pérez',
        email: 'luis@example.com',
        phone: '+13055550199',
        kinship: 'Hermano',
      },
    });
    expect(window.dataLayer).toContainEqual({ event: 'first_contact' });
    expect(getSessionState().auth.contacts).toBe(1);
    const close = within(dialog).getByRole('button', { name: 'Ir al inicio' });
    expect(document.activeElement).toBe(close);

    fireEvent.click(close);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(await screen.findByRole('link', { name: /Luis Pérez/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts the server messages on their fields', async () => {
    stubApi({
      'POST /api/contacts': () =>
        json(422, {
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: {
            email: ['Ya tienes un contacto con este correo', 'Otro mensaje'],
            phone: ['El teléfono no es válido'],
          },
        }),
    });
    renderApp('/web/auth/contacts');
    await fillContactForm();
    saveContactForm();
    expect(await screen.findByText('Ya tienes un contacto con este correo')).toBeTruthy();
    expect(screen.queryByText('Otro mensaje')).toBeNull();
    expect(screen.getByText('El teléfono no es válido')).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getSessionState().auth.contacts).toBe(0);
  });

  it('shows any other server error as a danger notice', async () => {
    stubApi({ 'POST /api/contacts': () => json(500, { success: false, message: 'Ocurrió un error en el servidor.' }) });
    renderApp('/web/auth/contacts');
    await fillContactForm();
    saveContactForm();
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Ocurrió un error en el servidor.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks before going on without contacts, and 'Continuar' goes home", async () => {
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([]),
      'POST /api/profile/no-contacts': () => ok('Entendido'),
    });
    const { router } = renderApp('/web/auth/contacts');
    const noContacts = await screen.findByRole('button', { name: 'No tengo contactos de emergencia' });
    noContacts.focus();
    fireEvent.click(noContacts);

    let dialog = screen.getByRole('alertdialog', { name: '¿Continuar sin contactos de emergencia?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(noContacts);

    fireEvent.click(noContacts);
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(getSessionState().auth.contacts).toBe(1);
    expect(await screen.findByText('No tienes contactos de emergencia registrados')).toBeTruthy();
    // The server remembers it, so the next session does not bring the person back here.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/profile/no-contacts',
    ]);
  });

  it('then offers once to share alerts with the firm, saying what it sees, and goes home either way', async () => {
    const created = aContact();
    const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'Prueba', phone: '+13055550123' };
    const { calls } = stubApi({
      'GET /api/profile': () => ok({ ...profile, firm_consent: false, firm_consent_asked: false }),
      'POST /api/contacts': () => ok(created),
      'GET /api/contacts': () => ok([created]),
      'PUT /api/profile/firm-consent': () => ok({ ...profile, firm_consent: true, firm_consent_asked: true }),
    });
    const { router } = renderApp('/web/auth/contacts');
    await fillContactForm();
    saveContactForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Ir al inicio' }));

    expect(await screen.findByRole('heading', { name: '¿Quieres que IAD vea tus alertas?' })).toBeTruthy();
    expect(screen.getByText(/verá tu nombre, tu teléfono, la hora de la alerta y dónde estás/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/web/auth/contacts');
    fireEvent.click(screen.getByRole('button', { name: 'Sí, compartir' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(calls.find((call) => call.url === '/api/profile/firm-consent')).toMatchObject({
      method: 'PUT',
      body: { share: true },
    });
  });

  it('does not offer it again once answered', async () => {
    const created = aContact();
    const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'Prueba', phone: '+13055550123' };
    stubApi({
      'GET /api/profile': () => ok({ ...profile, firm_consent: false, firm_consent_asked: true }),
      'POST /api/contacts': () => ok(created),
      'GET /api/contacts': () => ok([created]),
    });
    const { router } = renderApp('/web/auth/contacts');
    await fillContactForm();
    saveContactForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Ir al inicio' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(screen.queryByRole('heading', { name: /vea tus alertas/ })).toBeNull();
  });
});
