import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_DETENTION_INFO } from '#shared/api/detention-info.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { DURESS_PIN, duringAlert, PIN, pinsSent } from '../../support/pin-guard.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';

// 'Eliminar mi cuenta' on the profile: a question first, the PIN while an alert is on,
// then everything on the phone is forgotten and sign-in shows.

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'López', phone: '+13055550123' };
const WARNING =
  'Se borrarán tu cuenta, tus contactos de emergencia, tus alertas y tu información «Si me detienen». El botón SOS dejará de funcionar en este teléfono. No se puede deshacer.';

signedInForEachTest();

function profileApi(deletion: Parameters<typeof stubApi>[0][string]) {
  return stubApi({
    'GET /api/profile': () => ok(profile),
    'GET /api/profile/sessions': () => ok([]),
    'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
    'DELETE /api/profile': deletion,
    'POST /api/logout': () => ok('Sesión cerrada'),
  });
}

async function askToDelete() {
  const section = await screen.findByRole('region', { name: 'Eliminar mi cuenta' });
  fireEvent.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
  return screen.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
}

describe('deleting the account', () => {
  it('asks first, saying what goes, with the focus on keeping the account; keeping it sends nothing', async () => {
    const { calls } = profileApi(() => ok('Cuenta eliminada'));
    const { router } = renderApp('/web/profile');
    const dialog = await askToDelete();
    expect(dialog.textContent).toContain(WARNING);
    const keep = within(dialog).getByRole('button', { name: 'No, conservar mi cuenta' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/web/profile');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('once confirmed: deletes, forgets the session without a sign-out call, and goes to sign-in', async () => {
    const { calls } = profileApi(() => ok('Cuenta eliminada'));
    const { router } = renderApp('/web/profile');
    fireEvent.click(within(await askToDelete()).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(pinsSent(calls, 'DELETE', '/api/profile')).toEqual([undefined]);
    expect(calls.filter((call) => call.url === '/api/logout')).toEqual([]);
    expect(getSessionState().auth.access_token).toBe('');
  });

  it.each([
    ['the real PIN', PIN],
    ['the duress PIN', DURESS_PIN],
  ])('during an alert asks for the PIN and, with %s, ends as a deletion does', async (_, pin) => {
    const done = () => ok('Cuenta eliminada');
    const { calls } = profileApi(duringAlert(done, done));
    const { router } = renderApp('/web/profile');
    fireEvent.click(within(await askToDelete()).getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Escribe tu PIN para continuar' });
    fireEvent.change(within(prompt).getByLabelText('PIN de 4 números'), { target: { value: pin } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(pinsSent(calls, 'DELETE', '/api/profile')).toEqual([undefined, pin]);
    expect(getSessionState().auth.access_token).toBe('');
  });
});
