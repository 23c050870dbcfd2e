import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { aSession } from '../../support/session.ts';
import { typeInto } from '../../support/type-into.ts';

// Two tests end on home, whose page starts loading its panels' chunk as it loads: loaded here first,
// so that no import is left to finish after the file's environment is gone.
beforeAll(() => import('#client/features/sos/home/sos-home-panels.tsx'), 60_000);

beforeEach(() => {
  resetAll();
  setAuth({ email: 'ana@example.com' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

async function boxes() {
  await screen.findByLabelText('Dígito 1 de 4');
  return [1, 2, 3, 4].map((n) => screen.getByLabelText(`Dígito ${n} de 4`) as HTMLInputElement);
}

describe('entering the 4-digit code', () => {
  it('keeps digits only and moves to the next box after each digit', async () => {
    renderApp('/web/auth/verify');
    const [first, second] = await boxes();
    typeInto(first!, 'a');
    expect(first!.value).toBe('');
    typeInto(first!, '7');
    expect(first!.value).toBe('7');
    expect(document.activeElement).toBe(second);
  });

  it('goes back a box when Backspace is pressed in an empty one', async () => {
    renderApp('/web/auth/verify');
    const [first, second] = await boxes();
    typeInto(first!, '7');
    fireEvent.keyDown(second!, { key: 'Backspace' });
    expect(document.activeElement).toBe(first);
  });

  it('spreads a pasted code over the boxes', async () => {
    renderApp('/web/auth/verify');
    const all = await boxes();
    fireEvent.paste(all[2]!, { clipboardData: { getData: () => '12-34' } });
    expect(all.map((box) => box.value)).toEqual(['1', '2', '3', '4']);
    expect(document.activeElement).toBe(all[3]);
  });

  it('asks for every digit', async () => {
    renderApp('/web/auth/verify');
    await boxes();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByLabelText('Dígito 1 de 4').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the code by itself once the fourth digit is typed', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: aSession({ contacts: 2 }) }));
    const { router } = renderApp('/web/auth/verify');
    const all = await boxes();
    '1234'.split('').forEach((digit, index) => typeInto(all[index]!, digit));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    const verifyCalls = calls.filter((call) => call.url === '/api/verify');
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]?.body).toEqual({ email: 'ana@example.com', code: '1234' });
  });

  it('signs in with the right code and goes home', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: aSession({ contacts: 2 }) }));
    const { router } = renderApp('/web/auth/verify');
    fireEvent.paste((await boxes())[0]!, { clipboardData: { getData: () => '4321' } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
    expect(calls[0]).toMatchObject({ url: '/api/verify', body: { email: 'ana@example.com', code: '4321' } });
    expect(getSessionState().auth.access_token).toBe('access-1');
  });

  it('goes to the first-contact screen when the person has no contacts yet', async () => {
    stubFetch(() => json(200, { success: true, message: aSession({ contacts: 0 }) }));
    const { router } = renderApp('/web/auth/verify');
    fireEvent.paste((await boxes())[0]!, { clipboardData: { getData: () => '4321' } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/contacts'));
  });

  it('keeps the code and goes to signup when the person is new', async () => {
    stubFetch(() => json(404, { success: false, message: 'Usuario no registrado' }));
    const { router } = renderApp('/web/auth/verify');
    fireEvent.paste((await boxes())[0]!, { clipboardData: { getData: () => '4321' } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signup'));
    expect(getSessionState().auth.code).toBe('4321');
  });

  it("replaces the resend link with 'Ir a Login' after three failures", async () => {
    stubFetch((call) =>
      call.url === '/api/verify'
        ? json(422, { success: false, message: 'Datos no válidos', errors: { code: ['El código no es correcto.'] } })
        : json(429, { success: false, message: 'Demasiados intentos.' }),
    );
    const { router } = renderApp('/web/auth/verify');
    // The fourth digit sends the code by itself.
    fireEvent.paste((await boxes())[0]!, { clipboardData: { getData: () => '0000' } });
    expect(await screen.findByText('El código no es correcto.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText('Demasiados intentos.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reenviar código' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('button', { name: 'Ir a Login' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ir a Login' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
    expect(getSessionState().auth.email).toBe('');
  });
});
