import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { aSession } from '../../support/session.ts';
import { typeInto } from '../../support/type-into.ts';

beforeEach(() => {
  resetAll();
  setAuth({ email: 'nuevo@example.com', code: '4321' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('completing the personal information', () => {
  it('lists what is missing, counting the dial code alone as no phone', async () => {
    renderApp('/web/auth/signup');
    await screen.findByLabelText('Nombres');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El campo nombres es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo apellidos es obligatorio')).toBeTruthy();
    expect(screen.getByText('El teléfono es obligatorio')).toBeTruthy();
    expect(screen.getByText('Debes aceptar los términos y condiciones')).toBeTruthy();
  });

  it('says in Spanish that a name takes no digits, links or symbols, and sends nothing', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: aSession({ contacts: 0 }) }));
    renderApp('/web/auth/signup');
    typeInto(await screen.findByLabelText('Nombres'), 'Gana en www.ejemplo.com');
    typeInto(screen.getByLabelText('Apellidos'), 'López2');
    typeInto(screen.getByLabelText('Teléfono'), '(305) 555-0123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const message = 'Escribe solo letras: sin números, enlaces ni símbolos como @';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('shows flags from our own site', async () => {
    renderApp('/web/auth/signup');
    await screen.findByLabelText('Teléfono');
    expect(screen.getByLabelText('País del teléfono').tagName).toBe('BUTTON');
    const flags = Array.from(document.querySelectorAll('img')).map((img) => img.getAttribute('src') ?? '');
    expect(flags.some((src) => src.endsWith('/flags/us.svg'))).toBe(true);
    expect(flags.every((src) => !src.startsWith('http'))).toBe(true);
  });

  it("lists the countries in Spanish, our users' commonest first, then the rest in Spanish order", async () => {
    renderApp('/web/auth/signup');
    await screen.findByLabelText('Teléfono');
    fireEvent.click(screen.getByLabelText('País del teléfono'));
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent?.replace(/\+\d+$/, '').trim());
    expect(names.slice(0, 11)).toEqual([
      'Estados Unidos',
      'México',
      'Guatemala',
      'Honduras',
      'El Salvador',
      'Venezuela',
      'Colombia',
      'Cuba',
      'República Dominicana',
      'Ecuador',
      'Nicaragua',
    ]);
    const rest = names.slice(11) as string[];
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'es')));
    expect(rest).toContain('España');
    expect(rest).not.toContain('Mexico');
    expect(rest).not.toContain('Spain');
    expect(rest).not.toContain('México');
    expect(rest).not.toContain('Estados Unidos');
  });

  it('opens the terms, and accepting them ticks the box', async () => {
    renderApp('/web/auth/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'términos y condiciones' }));
    const dialog = screen.getByRole('dialog', { name: 'Términos y condiciones' });
    expect(within(dialog).getByText(/7 de marzo de 2025/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Términos y condiciones' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('takes back "Debes aceptar" once the terms are accepted in their dialog, before any new submit', async () => {
    renderApp('/web/auth/signup');
    await screen.findByLabelText('Nombres');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Debes aceptar los términos y condiciones')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'términos y condiciones' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Términos y condiciones' })).getByRole('button', { name: 'Aceptar' }),
    );

    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(true);
    await vi.waitFor(() => expect(screen.queryByText('Debes aceptar los términos y condiciones')).toBeNull());
    expect(box.getAttribute('aria-invalid')).toBeNull();
    // The other fields' errors stay until they are filled.
    expect(screen.getByText('El campo nombres es obligatorio')).toBeTruthy();
  });

  it('creates the account and goes to the first-contact screen', async () => {
    const { calls } = stubFetch(() => json(200, { success: true, message: aSession({ contacts: 0 }) }));
    const { router } = renderApp('/web/auth/signup');
    typeInto(await screen.findByLabelText('Nombres'), 'Ana');
    typeInto(screen.getByLabelText('Apellidos'), 'López');
    typeInto(screen.getByLabelText('Teléfono'), '(305) 555-0123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/contacts'));
    expect(calls[0]).toMatchObject({
      url: '/api/signup',
      body: {
        email: 'nuevo@example.com',
        code: '4321',
        firstname: 'Ana',
        lastname: 'López',
        phone: '+13055550123',
        terms: true,
      },
    });
  });

  it('shows a server error as a danger notice', async () => {
    stubFetch(() => json(400, { success: false, message: 'El código expiró o ya no es válido. Pide uno nuevo.' }));
    renderApp('/web/auth/signup');
    typeInto(await screen.findByLabelText('Nombres'), 'Ana');
    typeInto(screen.getByLabelText('Apellidos'), 'López');
    typeInto(screen.getByLabelText('Teléfono'), '(305) 555-0123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const alert = await vi.waitFor(() => {
      const region = screen.getByRole('alert');
      expect(region.textContent).toContain('El código expiró');
      return region;
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});
