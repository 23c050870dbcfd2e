import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TermsScreen } from '#client/features/legal/terms-screen.tsx';

afterEach(() => cleanup());

describe('terms and conditions', () => {
  it("offers only 'Aceptar' when there is nothing to close", () => {
    const onAccept = vi.fn();
    render(<TermsScreen onAccept={onAccept} />);
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it("closes with 'Cerrar' and gives focus back to what opened it", () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const { unmount } = render(<TermsScreen onAccept={vi.fn()} onClose={onClose} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Términos y condiciones' }));
    expect(screen.getByText(/contactos que quieras; no hay un límite/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
