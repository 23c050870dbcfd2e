import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../support/api-stub.ts';
import { fillContactForm, saveContactForm } from '../../support/contact-form.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { preloadScreens } from '../../support/preload-screens.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { fakeGeolocation, removeBrowserFakes } from '../../support/sos-browser.ts';

signedInForEachTest({ contacts: 1 });
preloadScreens('/web/contact', '/web/contact/c1', '/web/home');
afterEach(removeBrowserFakes);

// Local time, as the phone shows it: 5 March 2030 is a Tuesday.
const later = new Date(2030, 2, 5, 15, 0);
const PENDING_NOTICE =
  'Invitación pendiente. Por seguridad enviamos un número limitado de invitaciones por hora y por día. Guardamos el contacto y le enviaremos la invitación automáticamente el martes, 5 de marzo, a las 15:00; no tienes que hacer nada.';

describe('a contact whose invitation waits for the invitation limits', () => {
  it('is saved, the person reads when it leaves by itself, and home shows it as pending', async () => {
    // A phone, as people use the app: home does not add its 'no location on this browser' notice,
    // a second status region, while the toast is read.
    fakeGeolocation();
    const luis = aContact({ invitation_pending_until: later.toISOString() });
    let saved = false;
    stubApi({
      'POST /api/contacts': () => {
        saved = true;
        return json(200, { success: true, message: luis, notice: 'Invitación pendiente. …' });
      },
      'GET /api/contacts': () => ok(saved ? [luis] : []),
    });
    const { router } = renderApp('/web/contact');
    expect(await screen.findByRole('heading', { name: 'Agregar Contacto', level: 1 })).toBeTruthy();
    await fillContactForm();
    saveContactForm();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(within(screen.getByRole('status')).getByText(PENDING_NOTICE)).toBeTruthy();
    const card = await screen.findByRole('link', {
      name: 'Luis Pérez luis@example.com +13055550199 Invitación pendiente',
    });
    expect(card.className).toContain('contact-card--inactive');
  });

  it('says on its page when the invitation leaves, with nothing to press', async () => {
    stubApi({ 'GET /api/contacts/c1': () => ok(aContact({ invitation_pending_until: later.toISOString() })) });
    renderApp('/web/contact/c1');
    expect(await screen.findByText(PENDING_NOTICE)).toBeTruthy();
    expect(
      screen.getByText('Este contacto deberá confirmar su correo electrónico para recibir tus alertas.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reenviar invitación' })).toBeNull();
  });

  it('reads as an ordinary unverified contact once that moment has passed', async () => {
    stubApi({
      'GET /api/contacts': () =>
        ok([aContact({ invitation_pending_until: new Date(Date.now() - 60_000).toISOString() })]),
    });
    renderApp('/web/home');
    expect(
      await screen.findByRole('link', { name: 'Luis Pérez luis@example.com +13055550199 Sin verificar' }),
    ).toBeTruthy();
  });

  it('shows a resend refused by the limits with when it may be sent', async () => {
    const message =
      'Por seguridad enviamos un número limitado de invitaciones por hora y por día. Podrás reenviar la invitación dentro de 30 minutos.';
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'POST /api/contacts/c1/invite': () => json(429, { success: false, message }),
    });
    renderApp('/web/contact/c1');
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar invitación' }));
    await vi.waitFor(() => expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy());
  });
});
