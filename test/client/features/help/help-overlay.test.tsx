import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.dataLayer = [];
  sessionStorage.clear();
  resetAll();
});

async function homeWithHelpButton() {
  stubFetch(() => json(200, { success: true, message: [] }));
  signIn();
  renderApp('/web/home');
  return screen.findByRole('button', { name: 'Ayuda' });
}

/** A finger that touches the button and lifts without moving. */
function tap(button: HTMLElement) {
  fireEvent.pointerDown(button, { pointerId: 1, isPrimary: true, button: 0, clientX: 320, clientY: 580 });
  fireEvent.pointerUp(button, { pointerId: 1, isPrimary: true, button: 0, clientX: 322, clientY: 581 });
  fireEvent.click(button, { detail: 1 });
}

describe('the help overlay', () => {
  it('opens on a tap of Ayuda with the logo and 8 illustrated steps, and Salir closes it and gives focus back', async () => {
    const button = await homeWithHelpButton();
    tap(button);

    const help = await screen.findByRole('dialog', { name: '¿Cómo funciona?' });
    expect(document.activeElement).toBe(within(help).getByRole('heading', { name: '¿Cómo funciona?' }));
    expect(within(help).getByRole('img', { name: 'Botón de Pánico Migratorio' })).toBeTruthy();
    const steps = within(within(help).getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(8);
    steps.forEach((step, index) => {
      const image = within(step).getByRole('img');
      expect(image.getAttribute('src')).toMatch(new RegExp(`/help/${index + 1}-[a-z-]+\\.svg$`));
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(20);
      expect(step.textContent).toContain(`Paso ${index + 1}`);
    });
    expect(steps[2]?.textContent).toContain('presiona el botón SOS');
    expect(steps[4]?.textContent).toContain('FINALIZAR ALERTA');
    expect(steps[5]?.textContent).toContain('«Avísales si no vuelvo»');
    expect(steps[6]?.textContent).toContain('PIN de emergencia');
    expect(steps[7]?.textContent).toContain('«Si me detienen»');
    // Every picture is ours, served from this origin: help never fetches from elsewhere.
    for (const image of within(help).getAllByRole('img').slice(1)) {
      expect(new URL(image.getAttribute('src') ?? '', window.location.href).origin).toBe(window.location.origin);
    }
    expect(window.dataLayer).toContainEqual({ event: 'help_open' });
    // The page under it is out of reach while help is open.
    expect(button.closest('[inert]')).not.toBeNull();

    fireEvent.click(within(help).getByRole('button', { name: 'Salir' }));
    expect(screen.queryByRole('dialog', { name: '¿Cómo funciona?' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.closest('[inert]')).toBeNull();
  });

  it('closes with Escape and gives focus back to Ayuda', async () => {
    const button = await homeWithHelpButton();
    button.focus();
    // Enter and Space on a focused button arrive as a click with no pointer (detail 0).
    fireEvent.click(button, { detail: 0 });
    const help = await screen.findByRole('dialog', { name: '¿Cómo funciona?' });
    fireEvent.keyDown(help, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is not on the sign-in screen, which has the plain layout', async () => {
    stubFetch(() => json(200, { success: true, message: [] }));
    renderApp('/web/auth/signin');
    await screen.findByRole('button', { name: 'Continuar' });
    expect(screen.queryByRole('button', { name: 'Ayuda' })).toBeNull();
  });
});
