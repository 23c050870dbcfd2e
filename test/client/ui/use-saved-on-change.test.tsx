import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePickedUntilSaved } from '#client/ui/use-saved-on-change.ts';

// A control saved on every change: what it shows from the tap on, and after the save.

function control(saved: string) {
  return renderHook(({ saved }) => usePickedUntilSaved(saved), { initialProps: { saved } });
}

describe('a control saved on every change', () => {
  it('shows the pick until the saved value catches up, then follows the saved value again', () => {
    const { result, rerender } = control('es');
    act(() => result.current.pick('en'));
    expect(result.current.shown).toBe('en');
    // Saved: the same value from both sides.
    rerender({ saved: 'en' });
    expect(result.current.shown).toBe('en');
    // Changed later on another phone and read again here: shown, not the old pick.
    rerender({ saved: 'pt' });
    expect(result.current.shown).toBe('pt');
  });

  it('keeps the pick while the saved value has not caught up, and drops it when the save fails', () => {
    const { result, rerender } = control('es');
    act(() => result.current.pick('ht'));
    rerender({ saved: 'es' });
    expect(result.current.shown).toBe('ht');
    act(() => result.current.forget());
    expect(result.current.shown).toBe('es');
  });
});
