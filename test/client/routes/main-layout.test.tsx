import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../support/fetch-stub.ts';
import { renderApp } from '../support/render-app.tsx';
import { signIn } from '../support/session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  window.dataLayer = [];
  resetAll();
});

describe('main layout', () => {
  it('greets the person and shows the home instruction and navigation', async () => {
    document.head.innerHTML = `<meta name="app-config" content='{"chatUrl":"https://chat.example.com/"}'>`;
    stubFetch(() => json(200, { success: true, message: [] }));
    signIn();
    renderApp('/web/home');
    expect(await screen.findByText('Hola, Ana López')).toBeTruthy();
    expect(screen.getByText('+13055550123')).toBeTruthy();
    expect(
      screen.getByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(nav.textContent).toContain('Inicio');
    expect(screen.getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/web/profile');
    // The screen shown is the one marked for screen readers, and only it.
    expect(screen.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Perfil' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Agregar Contacto' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'Agregar Contacto' }).getAttribute('href')).toBe('/web/contact');
    const chat = screen.getByRole('link', { name: 'Hablemos' });
    expect(chat.getAttribute('href')).toBe('https://chat.example.com/');
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
  });
});
