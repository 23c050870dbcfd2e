import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { enterScreen, showToast } from '#client/ui/toast-store.ts';
import { Toaster } from '#client/ui/toaster.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notices', () => {
  it('announces a success politely and closes it after 20 seconds', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    act(() => void showToast({ message: 'Código enviado' }));
    expect(within(screen.getByRole('status')).getByText('Código enviado')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Código enviado')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Código enviado')).toBeNull();
  });

  it('announces a danger at once and lets the person dismiss it', () => {
    render(<Toaster />);
    act(() => void showToast({ message: 'Sin conexión', variant: 'danger' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Sin conexión')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Sin conexión')).toBeNull();
  });

  it("never stacks copies of the same notice: a second one starts the first one's time over", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    act(() => void showToast({ message: 'El código no es correcto.', variant: 'danger' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    act(() => void showToast({ message: 'El código no es correcto.', variant: 'danger' }));
    act(() => void showToast({ message: 'El código no es correcto.', variant: 'danger' }));
    expect(screen.getAllByText('El código no es correcto.')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getAllByText('El código no es correcto.')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('El código no es correcto.')).toBeNull();
  });

  it('goes when the person leaves the screen that raised it, and one raised on the way waits for its screen', () => {
    render(<Toaster />);
    act(() => enterScreen('/web/auth/verify'));
    act(() => void showToast({ message: 'El código no es correcto.', variant: 'danger' }));
    act(() => void showToast({ message: 'Contacto eliminado', screen: '/web/home' }));
    expect(screen.getByText('El código no es correcto.')).toBeTruthy();
    act(() => enterScreen('/web/auth/signup'));
    expect(screen.queryByText('El código no es correcto.')).toBeNull();
    expect(screen.queryByText('Contacto eliminado')).toBeNull();
    act(() => void showToast({ message: 'Contacto eliminado', screen: '/web/home' }));
    act(() => enterScreen('/web/home'));
    expect(screen.getByText('Contacto eliminado')).toBeTruthy();
    act(() => enterScreen('/web/contact/c2'));
    expect(screen.queryByText('Contacto eliminado')).toBeNull();
  });

  it('keeps a notice raised while the app starts for the first screen it shows', () => {
    render(<Toaster />);
    act(() => void showToast({ message: 'Tu alerta no se envió.', variant: 'danger' }));
    act(() => enterScreen('/web/auth/signin'));
    expect(screen.getByText('Tu alerta no se envió.')).toBeTruthy();
  });
});
