import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, setAuth } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { fakeGeolocation, removeBrowserFakes } from '../../support/sos-browser.ts';

const UNVERIFIED_WARNING = 'Aún no aceptó tu invitación: todavía no recibirá tus alertas.';
const VERIFIED_NOTICE = '¡Todo está listo! Este contacto está verificado y listo para recibir tus alertas.';

signedInForEachTest({ contacts: 2 });
afterEach(removeBrowserFakes);

function dataOf(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('a contact', () => {
  it('shows the data, warns that it is not verified yet, and resends the invitation', async () => {
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'POST /api/contacts/c1/invite': () => ok('Enviamos una nueva invitación a tu contacto.'),
    });
    renderApp('/web/contact/c1');
    expect(await screen.findByRole('heading', { name: 'Luis Pérez', level: 1 })).toBeTruthy();
    expect(dataOf('Correo electrónico')).toBe('luis@example.com');
    expect(dataOf('Teléfono')).toBe('+13055550199');
    expect(dataOf('Parentesco')).toBe('Hermano');
    expect(screen.getByRole('link', { name: '+13055550199' }).getAttribute('href')).toBe('tel:+13055550199');
    expect(screen.getByText(UNVERIFIED_WARNING)).toBeTruthy();
    expect(screen.queryByText(VERIFIED_NOTICE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar invitación' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('status')).getByText('Enviamos una nueva invitación a tu contacto.')).toBeTruthy(),
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/contacts/c1/invite',
      headers: { authorization: 'Bearer access-1' },
    });
  });

  it('shows a refused invitation as a danger notice and catches up with the contact', async () => {
    let verified = false;
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact({ email_verified_at: verified ? '2026-01-12T10:00:00.000Z' : null })),
      'POST /api/contacts/c1/invite': () => {
        verified = true;
        return json(409, { success: false, message: 'Este contacto ya está verificado.' });
      },
    });
    renderApp('/web/contact/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar invitación' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Este contacto ya está verificado.'),
    );
    expect(await screen.findByText(VERIFIED_NOTICE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();
  });

  it('says a verified contact is ready, with nothing to resend', async () => {
    stubApi({ 'GET /api/contacts/c1': () => ok(aContact({ email_verified_at: '2026-01-12T10:00:00.000Z' })) });
    renderApp('/web/contact/c1');
    expect(await screen.findByText(VERIFIED_NOTICE)).toBeTruthy();
    expect(screen.queryByText(UNVERIFIED_WARNING)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();
  });

  it('says an unsubscribed contact gets no alerts, with nothing to resend', async () => {
    stubApi({ 'GET /api/contacts/c1': () => ok(aContact({ unsubscribed_at: '2026-02-01T09:00:00.000Z' })) });
    renderApp('/web/contact/c1');
    expect(await screen.findByText('Dado de baja: no recibirá alertas')).toBeTruthy();
    expect(screen.queryByText(UNVERIFIED_WARNING)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();
  });

  it('deletes only after confirmation, then goes home without the contact', async () => {
    // A phone, as people use the app: home does not add its 'no location on this browser' notice,
    // a second status region, while the deletion's toast is read.
    fakeGeolocation();
    const rosa = aContact({ id: 'c2', firstname: 'Rosa', lastname: 'Gómez', email: 'rosa@example.com' });
    let deleted = false;
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'GET /api/contacts/c2': () => ok(rosa),
      'GET /api/contacts': () => ok(deleted ? [rosa] : [aContact(), rosa]),
      'DELETE /api/contacts/c1': () => {
        deleted = true;
        return ok('Contacto eliminado');
      },
    });
    const { router } = renderApp('/web/contact/c1');
    const deleteButton = await screen.findByRole('button', { name: 'Eliminar contacto' });
    deleteButton.focus();
    fireEvent.click(deleteButton);

    let dialog = screen.getByRole('alertdialog', { name: '¿Eliminar a Luis Pérez?' });
    expect(within(dialog).getByText('Esta acción no se puede deshacer.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(deleteButton);
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    await vi.waitFor(() => expect(within(screen.getByRole('status')).getByText('Contacto eliminado')).toBeTruthy());
    expect(await screen.findByRole('link', { name: /Rosa Gómez/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Luis Pérez/ })).toBeNull();
    expect(window.dataLayer).toContainEqual({ event: 'contact_delete' });
    expect(getSessionState().auth.contacts).toBe(1);
    // The deleted contact is not asked for again once its page is gone.
    expect(calls.filter((call) => call.url === '/api/contacts/c1' && call.method === 'GET')).toHaveLength(1);

    // The notice was home's: on Rosa's page it would read as if Rosa had been deleted.
    fireEvent.click(screen.getByRole('link', { name: /Rosa Gómez/ }));
    await screen.findByRole('heading', { name: 'Rosa Gómez' });
    expect(screen.queryByText('Contacto eliminado')).toBeNull();
  });

  it('says the only contact was deleted on the first-contact screen, where home then sends the person', async () => {
    setAuth({ contacts: 1 });
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'GET /api/contacts': () => ok([]),
      'DELETE /api/contacts/c1': () => ok('Contacto eliminado'),
    });
    const { router } = renderApp('/web/contact/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar contacto' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/contacts'));
    await screen.findByRole('heading', { name: 'Agrega tu primer contacto de emergencia' });
    await vi.waitFor(() => expect(within(screen.getByRole('status')).getByText('Contacto eliminado')).toBeTruthy());
    expect(getSessionState().auth.contacts).toBe(0);
  });

  it('keeps the contact and says why when the deletion fails', async () => {
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'DELETE /api/contacts/c1': () =>
        json(500, { success: false, message: 'Ocurrió un error en el servidor. Inténtalo de nuevo.' }),
    });
    const { router } = renderApp('/web/contact/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar contacto' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Ocurrió un error en el servidor.'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/web/contact/c1');
    expect(getSessionState().auth.contacts).toBe(2);
  });

  it('says so when the contact does not exist, with a way home', async () => {
    stubApi({ 'GET /api/contacts/nope': () => json(404, { success: false, message: 'Contacto no encontrado' }) });
    const { router } = renderApp('/web/contact/nope');
    expect(await screen.findByRole('heading', { name: 'Contacto no encontrado' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
  });
});
