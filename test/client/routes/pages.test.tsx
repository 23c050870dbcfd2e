import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_REDIRECT_MS } from '#shared/constants.ts';
import { renderApp } from '../support/render-app.tsx';

afterEach(() => vi.useRealTimers());

describe('fixed pages', () => {
  it('shows the not-found page for an unknown address and goes to sign-in by itself after 20 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = renderApp('/no/such/page');
    await vi.waitFor(() => screen.getByRole('heading', { name: /Página No Encontrada/ }));
    expect(screen.getByText('Lo sentimos, la página que buscas no existe o ha sido movida.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la página principal' }).getAttribute('href')).toBe(
      '/web/auth/signin',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOT_FOUND_REDIRECT_MS);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
  });

  it('shows Access Denied with a way back to the start', async () => {
    const { router } = renderApp('/unauthorized');
    await screen.findByRole('heading', { name: 'Acceso Denegado' });
    expect(screen.getByText('No tienes los permisos necesarios para acceder a esta página.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/auth/signin'));
  });

  it('explains an invalid contact link', async () => {
    renderApp('/web/active/invalid');
    await screen.findByRole('heading', { name: 'Token Inválido' });
    expect(screen.getByText('Lo sentimos, el enlace que usaste no es válido o ya expiró.')).toBeTruthy();
  });
});
