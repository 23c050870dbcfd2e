import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { getToasts } from '#client/ui/toast-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { fillContactForm, saveContactForm } from '../../support/contact-form.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { preloadScreens } from '../../support/preload-screens.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { fakeGeolocation, removeBrowserFakes } from '../../support/sos-browser.ts';

signedInForEachTest({ contacts: 1 });
preloadScreens('/web/contact', '/web/home');
afterEach(removeBrowserFakes);

describe('adding a contact', () => {
  it('saves it, says so, and home shows the list fetched again', async () => {
    // A phone, as people use the app: home does not add its 'no location on this browser' notice,
    // a second status region, while the toast is read.
    fakeGeolocation();
    const rosa = aContact({ id: 'c2', firstname: 'Rosa', lastname: 'Gómez', email: 'rosa@example.com' });
    const luis = aContact();
    let saved = false;
    const { calls } = stubApi({
      'POST /api/contacts': () => {
        saved = true;
        return ok(luis);
      },
      'GET /api/contacts': () => ok(saved ? [rosa, luis] : [rosa]),
    });
    // Home's list was loaded a moment ago: only the invalidation makes it ask again.
    const { router } = renderApp('/web/contact', {
      seed: (queryClient) => queryClient.setQueryData(['contacts'], [rosa]),
    });
    expect(await screen.findByRole('heading', { name: 'Agregar Contacto', level: 1 })).toBeTruthy();
    await fillContactForm();
    saveContactForm();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(
      within(screen.getByRole('status')).getByText('Contacto agregado. Le enviamos un correo para que confirme.'),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Luis Pérez/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Rosa Gómez/ })).toBeTruthy();
    // Home also asks whether a check-in is open; of the contacts, only these two calls.
    expect(
      calls.filter((call) => call.url.startsWith('/api/contacts')).map((call) => `${call.method} ${call.url}`),
    ).toEqual(['POST /api/contacts', 'GET /api/contacts']);
    expect(window.dataLayer).toContainEqual({ event: 'contact_create' });
    expect(JSON.stringify(window.dataLayer)).not.toContain('luis@example.com');
    expect(getSessionState().auth.contacts).toBe(2);
  });

  it('says so in a warning, never a green success, when the invitation is held back by the limits', async () => {
    fakeGeolocation();
    const later = new Date(Date.now() + 40 * 60_000).toISOString();
    const luis = aContact({ invitation_pending_until: later });
    stubApi({ 'POST /api/contacts': () => ok(luis), 'GET /api/contacts': () => ok([luis]) });
    const { router } = renderApp('/web/contact');
    await fillContactForm();
    saveContactForm();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(getToasts().map(({ message, variant }) => ({ message, variant }))).toEqual([
      { message: expect.stringMatching(/^Invitación pendiente\. Por seguridad/), variant: 'warning' },
    ]);
  });

  it('says everything that is missing on the first press of Guardar, phone and kinship included', async () => {
    const { calls } = stubApi({});
    renderApp('/web/contact');
    await screen.findByRole('heading', { name: 'Agregar Contacto', level: 1 });
    saveContactForm();
    for (const [label, message] of [
      ['Nombres', 'El campo nombres es obligatorio'],
      ['Apellidos', 'El campo apellidos es obligatorio'],
      ['Correo electrónico', 'El correo es obligatorio'],
      ['Teléfono', 'El teléfono es obligatorio'],
      ['Parentesco', 'El campo es obligatorio'],
    ] as const) {
      const field = await screen.findByLabelText(label);
      await vi.waitFor(() => expect([label, field.getAttribute('aria-invalid')]).toEqual([label, 'true']));
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('puts the first server message of each field on that field', async () => {
    stubApi({
      'POST /api/contacts': () =>
        json(422, {
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: { email: ['Ya tienes un contacto con este correo'], kinship: ['El campo es obligatorio'] },
        }),
    });
    const { router } = renderApp('/web/contact');
    await fillContactForm();
    saveContactForm();
    expect(await screen.findByText('Ya tienes un contacto con este correo')).toBeTruthy();
    expect(screen.getByText('El campo es obligatorio')).toBeTruthy();
    expect(screen.getByLabelText('Parentesco').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/web/contact');
    expect(window.dataLayer).not.toContainEqual({ event: 'contact_create' });
  });

  it('shows the message of any other failure and stays', async () => {
    stubApi({ 'POST /api/contacts': () => json(429, { success: false, message: 'Demasiados intentos.' }) });
    const { router } = renderApp('/web/contact');
    await fillContactForm();
    saveContactForm();
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Demasiados intentos.'));
    expect(router.state.location.pathname).toBe('/web/contact');
    expect((screen.getByLabelText('Nombres') as HTMLInputElement).value).toBe('Luis');
  });
});
