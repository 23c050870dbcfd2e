import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { showToast } from '#client/ui/toast-store.ts';
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
});
