import { vi } from 'vitest';

/**
 * jsdom lays nothing out: every box is 0 x 0 at 0, 0. This gives the floating
 * help button a real-looking box (100 x 48, at its inline left/top, else at
 * `start`) and the window the given size, so the drag code has something to clamp.
 */
export function fakeHelpButtonLayout({ width = 400, height = 700, start = { x: 280, y: 560 } } = {}) {
  resizeWindow(width, height);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('help-button')) return new DOMRect();
    const left = Number.parseFloat(this.style.left);
    const top = Number.parseFloat(this.style.top);
    return new DOMRect(Number.isNaN(left) ? start.x : left, Number.isNaN(top) ? start.y : top, 100, 48);
  });
}

/** A window of this size (a rotated phone, a narrowed desktop window), announced with `resize`. */
export function resizeWindow(width: number, height: number) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
  window.dispatchEvent(new Event('resize'));
}
