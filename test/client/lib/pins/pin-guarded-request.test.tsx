import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { pinGuardHints, pinMessages } from '#shared/api/pins.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { PIN_GUARD_CANCELLED } from '#client/lib/pins/pin-guard-texts.ts';
import { DETENTION_TOGGLE } from '#client/features/contacts/contact-detail/contact-detention.tsx';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { DURESS_PIN, duringAlert, PIN, pinsSent, refusedWithoutPins } from '../../support/pin-guard.ts';
import { renderApp } from '../../support/render-app.tsx';
import { typeInto } from '../../support/type-into.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { fakeGeolocation, removeBrowserFakes } from '../../support/sos-browser.ts';

// Every action the server guards while the person's alert is on asks for the PIN through one
// prompt and sends the action again with it (src/client/lib/pins/pin-guarded-request.ts). The
// server is stood in for at fetch, answering as its guard does (test/client/support/pin-guard.ts).

signedInForEachTest({ contacts: 2 });
afterEach(removeBrowserFakes);

const rosa = aContact({ id: 'c2', firstname: 'Rosa', lastname: 'Gómez', email: 'rosa@example.com' });
const profile = {
  id: 'u1',
  email: 'ana@example.com',
  firstname: 'Ana',
  lastname: 'Ruiz',
  phone: '+1555',
  pins_set: true,
};

const pinPrompt = () => screen.findByRole('alertdialog', { name: 'Escribe tu PIN para continuar' });

async function typePin(pin: string) {
  const dialog = await pinPrompt();
  fireEvent.change(within(dialog).getByLabelText('PIN de 4 números'), { target: { value: pin } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
  return dialog;
}

/** The contact's page, its 'Eliminar' confirmed; the focus on 'Eliminar contacto' first, as a tap leaves it. */
async function deleteLuis() {
  const deleteButton = await screen.findByRole('button', { name: 'Eliminar contacto' });
  deleteButton.focus();
  fireEvent.click(deleteButton);
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
  return deleteButton;
}

describe('deleting a contact while the alert is on', () => {
  it('asks for the PIN, shows a wrong PIN in the prompt, and deletes with the real one', async () => {
    fakeGeolocation();
    let contacts = [aContact(), rosa];
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'GET /api/contacts': () => ok(contacts),
      'DELETE /api/contacts/c1': duringAlert(
        () => {
          contacts = [rosa];
          return ok('Contacto eliminado');
        },
        () => ok('Contacto eliminado'),
      ),
    });
    const { router } = renderApp('/web/contact/c1');
    await deleteLuis();

    const dialog = await pinPrompt();
    expect(within(dialog).getByText(pinGuardHints.alert)).toBeTruthy();
    const field = within(dialog).getByLabelText('PIN de 4 números') as HTMLInputElement;
    expect([field.type, field.inputMode, document.activeElement]).toEqual(['password', 'numeric', field]);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' }).tagName).toBe('BUTTON');

    await typePin('0000');
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(pinMessages.pinWrong));
    expect(field.value).toBe('');
    expect(router.state.location.pathname).toBe('/web/contact/c1');

    await typePin(PIN);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('status')).getByText('Contacto eliminado')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Rosa Gómez/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Luis Pérez/ })).toBeNull();
    expect(getSessionState().auth.contacts).toBe(1);
    expect(pinsSent(calls, 'DELETE', '/api/contacts/c1')).toEqual([undefined, '0000', PIN]);
  });

  it('names the check-in when only a check-in is on, as the server says', async () => {
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'DELETE /api/contacts/c1': duringAlert(
        () => ok('Contacto eliminado'),
        () => ok('Contacto eliminado'),
        'check-in',
      ),
    });
    renderApp('/web/contact/c1');
    await deleteLuis();
    const dialog = await pinPrompt();
    expect(within(dialog).getByText(pinGuardHints['check-in'])).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/alerta/);
  });

  it('looks exactly like a deletion with the duress PIN', async () => {
    fakeGeolocation();
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      // The server keeps the contact: the duress PIN changed nothing.
      'GET /api/contacts': () => ok([aContact(), rosa]),
      'DELETE /api/contacts/c1': duringAlert(
        () => {
          throw new Error('the duress PIN never reaches the real deletion');
        },
        () => ok('Contacto eliminado'),
      ),
    });
    const { router } = renderApp('/web/contact/c1');
    await deleteLuis();
    await typePin(DURESS_PIN);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('status')).getByText('Contacto eliminado')).toBeTruthy();
    expect(screen.queryByText(pinMessages.pinWrong)).toBeNull();
    expect(getSessionState().auth.contacts).toBe(1);
    expect(pinsSent(calls, 'DELETE', '/api/contacts/c1')).toEqual([undefined, DURESS_PIN]);
  });

  it('keeps the contact, says so, and gives the focus back when the prompt is closed', async () => {
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'DELETE /api/contacts/c1': duringAlert(
        () => ok('Contacto eliminado'),
        () => ok('Contacto eliminado'),
      ),
    });
    const { router } = renderApp('/web/contact/c1');
    const deleteButton = await deleteLuis();
    fireEvent.click(within(await pinPrompt()).getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(within(screen.getByRole('alert')).getByText(PIN_GUARD_CANCELLED)).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);
    expect(router.state.location.pathname).toBe('/web/contact/c1');
    expect(getSessionState().auth.contacts).toBe(2);
    expect(pinsSent(calls, 'DELETE', '/api/contacts/c1')).toEqual([undefined]);
  });

  it("shows the server's refusal plainly when no PINs are set, and asks for nothing", async () => {
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact()),
      'DELETE /api/contacts/c1': refusedWithoutPins,
    });
    const { router } = renderApp('/web/contact/c1');
    await deleteLuis();
    await vi.waitFor(() => expect(within(screen.getByRole('alert')).getByText(pinMessages.alertActive)).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/web/contact/c1');
    expect(getSessionState().auth.contacts).toBe(2);
    expect(pinsSent(calls, 'DELETE', '/api/contacts/c1')).toEqual([undefined]);
  });
});

describe('the other guarded actions ask through the same prompt', () => {
  it("'Cerrar las demás sesiones'", async () => {
    const here = {
      id: 'f1',
      device: 'Chrome en Android',
      started_at: '2026-03-01T12:00:00.000Z',
      last_used_at: '2026-03-01T12:00:00.000Z',
      current: true,
    };
    const laptop = { ...here, id: 'f2', device: 'Firefox en Linux', current: false };
    let open = [here, laptop];
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
      'GET /api/profile/sessions': () => ok(open),
      'POST /api/profile/sessions/revoke-others': duringAlert(
        () => {
          open = [here];
          return ok({ revoked: 1 });
        },
        () => ok({ revoked: 1 }),
      ),
    });
    renderApp('/web/profile');
    const section = await screen.findByRole('region', { name: 'Sesiones abiertas' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Cerrar las demás sesiones' }));
    await typePin(PIN);
    await vi.waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(pinsSent(calls, 'POST', '/api/profile/sessions/revoke-others')).toEqual([undefined, PIN]);
  });

  it("'Borrar mi información' (Si me detienen)", async () => {
    let stored: DetentionInfo = { ...EMPTY_DETENTION_INFO, medicines: 'Insulina' };
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok([]),
      'GET /api/profile/detention-info': () => ok(stored),
      'DELETE /api/profile/detention-info': duringAlert(
        () => {
          stored = EMPTY_DETENTION_INFO;
          return ok('Información borrada.');
        },
        () => ok('Información borrada.'),
      ),
    });
    renderApp('/web/profile');
    const form = await screen.findByRole('region', { name: 'Si me detienen' });
    fireEvent.click(await within(form).findByRole('button', { name: 'Borrar mi información' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sí, borrar' }));
    const dialog = await typePin('9999');
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(pinMessages.pinWrong));
    await typePin(PIN);
    expect(await screen.findByText('Información borrada.')).toBeTruthy();
    expect(pinsSent(calls, 'DELETE', '/api/profile/detention-info')).toEqual([undefined, '9999', PIN]);
  });

  it("'Guardar información' (Si me detienen), and its form says so when the prompt is closed", async () => {
    let stored: DetentionInfo = { ...EMPTY_DETENTION_INFO, medicines: 'Insulina' };
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok([]),
      'GET /api/profile/detention-info': () => ok(stored),
      'PUT /api/profile/detention-info': duringAlert(
        (call) => {
          stored = call.body as DetentionInfo;
          return ok(stored);
        },
        (call) => ok(call.body),
      ),
    });
    renderApp('/web/profile');
    const form = await screen.findByRole('region', { name: 'Si me detienen' });
    const medicines = await within(form).findByLabelText('Medicinas');
    await vi.waitFor(() => expect((medicines as HTMLTextAreaElement).value).toBe('Insulina'));
    typeInto(medicines, '');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    fireEvent.click(within(await pinPrompt()).getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(PIN_GUARD_CANCELLED));
    expect(stored.medicines).toBe('Insulina');

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    await typePin(PIN);
    expect(await screen.findByText('Información guardada.')).toBeTruthy();
    expect(stored.medicines).toBe('');
    expect(pinsSent(calls, 'PUT', '/api/profile/detention-info')).toEqual([undefined, undefined, PIN]);
  });

  it('turning off sending a contact the detention information', async () => {
    let receives = true;
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact({ receives_detention_info: receives })),
      'PATCH /api/contacts/c1': duringAlert(
        () => {
          receives = false;
          return ok(aContact({ receives_detention_info: false }));
        },
        () => ok(aContact({ receives_detention_info: false })),
      ),
    });
    renderApp('/web/contact/c1');
    const toggle = (await screen.findByRole('checkbox', {
      name: DETENTION_TOGGLE,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await typePin(PIN);
    expect(await screen.findByText('Este contacto ya no recibirá tu información de detención.')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(pinsSent(calls, 'PATCH', '/api/contacts/c1')).toEqual([undefined, PIN]);
  });
});
