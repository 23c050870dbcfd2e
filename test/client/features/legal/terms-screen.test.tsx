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

  it('keeps Tab inside the terms, and the text can take the focus to be scrolled', () => {
    render(<TermsScreen onAccept={vi.fn()} onClose={vi.fn()} />);
    const text = screen.getByRole('region', { name: 'Términos y condiciones' });
    const close = screen.getByRole('button', { name: 'Cerrar' });
    const accept = screen.getByRole('button', { name: 'Aceptar' });
    expect(text.tabIndex).toBe(0);

    // From the title, where the focus starts, back past the start: to the last button.
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(accept);
    // Past the last button: to the text, never to the page hidden under it.
    fireEvent.keyDown(accept, { key: 'Tab' });
    expect(document.activeElement).toBe(text);
    fireEvent.keyDown(text, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(accept);
    // In between, Tab goes its usual way.
    close.focus();
    expect(fireEvent.keyDown(close, { key: 'Tab' })).toBe(true);
  });
});
