import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HelpButton } from '#client/features/help/help-button.tsx';
import { fakeHelpButtonLayout, resizeWindow } from '../../support/fake-layout.ts';

// The button alone; its box comes from fakeHelpButtonLayout: 100 x 48 in a 400 x 700 window.

beforeEach(() => fakeHelpButtonLayout());

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  window.dataLayer = [];
});

function renderButton() {
  render(<HelpButton />);
  return screen.getByRole('button', { name: 'Ayuda' });
}

const placeOf = (button: HTMLElement) => ({ left: button.style.left, top: button.style.top });

/** Press, move through each point, lift, and the click a browser sends after the lift. */
function drag(button: HTMLElement, from: { x: number; y: number }, ...path: { x: number; y: number }[]) {
  const pointer = { pointerId: 7, isPrimary: true, button: 0 };
  fireEvent.pointerDown(button, { ...pointer, clientX: from.x, clientY: from.y });
  for (const point of path) fireEvent.pointerMove(button, { ...pointer, clientX: point.x, clientY: point.y });
  const end = path.at(-1) ?? from;
  fireEvent.pointerUp(button, { ...pointer, clientX: end.x, clientY: end.y });
  fireEvent.click(button, { detail: 1 });
}

describe('the floating Ayuda button', () => {
  it('is a real button that starts where its style puts it (above the navigation) and describes how to move it', () => {
    const button = renderButton();
    expect(button.tagName).toBe('BUTTON');
    expect(placeOf(button)).toEqual({ left: '', top: '' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toContain('flechas');
  });

  it('follows a drag, does not open help for it, and remembers where it was left', () => {
    const button = renderButton();
    drag(button, { x: 300, y: 580 }, { x: 250, y: 500 }, { x: 200, y: 400 });
    expect(placeOf(button)).toEqual({ left: '180px', top: '380px' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('help-button-position')!)).toEqual({ x: 180, y: 380 });
  });

  it('stays 10 px inside every edge when dragged beyond each corner', () => {
    const button = renderButton();
    const corners = [
      { to: { x: -400, y: -400 }, place: { left: '10px', top: '10px' } },
      { to: { x: 900, y: -400 }, place: { left: '290px', top: '10px' } },
      { to: { x: -400, y: 1500 }, place: { left: '10px', top: '642px' } },
      { to: { x: 900, y: 1500 }, place: { left: '290px', top: '642px' } },
    ];
    for (const { to, place } of corners) {
      const box = button.getBoundingClientRect();
      drag(button, { x: box.left + 50, y: box.top + 24 }, to);
      expect(placeOf(button)).toEqual(place);
    }
  });

  it('treats a wobble of a few pixels as a tap', async () => {
    const button = renderButton();
    drag(button, { x: 300, y: 580 }, { x: 303, y: 584 });
    expect(placeOf(button)).toEqual({ left: '', top: '' });
    expect(await screen.findByRole('dialog', { name: '¿Cómo funciona?' })).toBeTruthy();
    expect(window.dataLayer).toContainEqual({ event: 'help_open' });
  });

  it('moves with the arrow keys, never past the 10 px margin, and still opens from the keyboard right after a drag', async () => {
    const button = renderButton();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowLeft' });
    expect(placeOf(button)).toEqual({ left: '260px', top: '560px' });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(placeOf(button)).toEqual({ left: '260px', top: '540px' });
    for (let press = 0; press < 10; press += 1) fireEvent.keyDown(button, { key: 'ArrowRight' });
    for (let press = 0; press < 40; press += 1) fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(placeOf(button)).toEqual({ left: '290px', top: '642px' });

    drag(button, { x: 340, y: 660 }, { x: 200, y: 300 });
    fireEvent.click(button, { detail: 0 });
    expect(await screen.findByRole('dialog', { name: '¿Cómo funciona?' })).toBeTruthy();
  });

  it('comes back inside when the window shrinks or the phone rotates', () => {
    const button = renderButton();
    drag(button, { x: 300, y: 580 }, { x: 390, y: 690 });
    expect(placeOf(button)).toEqual({ left: '290px', top: '642px' });
    resizeWindow(320, 400);
    expect(placeOf(button)).toEqual({ left: '210px', top: '342px' });
    resizeWindow(700, 320);
    expect(placeOf(button)).toEqual({ left: '210px', top: '262px' });
  });

  it('starts where it was left earlier in this tab, kept inside a smaller window', () => {
    sessionStorage.setItem('help-button-position', JSON.stringify({ x: 390, y: 20 }));
    const button = renderButton();
    expect(placeOf(button)).toEqual({ left: '290px', top: '20px' });
  });
});
