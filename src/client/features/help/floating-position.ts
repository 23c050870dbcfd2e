import { HELP_BUTTON_EDGE_PX } from '#shared/constants.ts';

/** The top-left corner of the floating button, in CSS pixels of the viewport. */
export type Point = { x: number; y: number };

const STORAGE_KEY = 'help-button-position';

/** The area `position: fixed` lays out in: the viewport without its scroll bars. */
function viewportSize() {
  const root = document.documentElement;
  return { width: root.clientWidth || window.innerWidth, height: root.clientHeight || window.innerHeight };
}

/** The nearest point where a box of `size` keeps HELP_BUTTON_EDGE_PX from every edge (top and left win on a tiny screen). */
export function clampToViewport(point: Point, size: { width: number; height: number }, viewport = viewportSize()): Point {
  const clamp = (value: number, room: number) => Math.max(HELP_BUTTON_EDGE_PX, Math.min(value, room - HELP_BUTTON_EDGE_PX));
  return { x: clamp(point.x, viewport.width - size.width), y: clamp(point.y, viewport.height - size.height) };
}

/** Moves the element to `point`, kept inside the viewport, and returns where it went. */
export function placeElement(element: HTMLElement, point: Point): Point {
  const placed = clampToViewport(point, element.getBoundingClientRect());
  Object.assign(element.style, { left: `${placed.x}px`, top: `${placed.y}px`, right: 'auto', bottom: 'auto' });
  return placed;
}

/** Where the person left it in this tab, if anywhere. Storage may be unavailable (private modes): then nowhere. */
export function readSavedPosition(): Point | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { x, y } = value as Record<string, unknown>;
    return Number.isFinite(x) && Number.isFinite(y) ? { x: x as number, y: y as number } : null;
  } catch {
    return null;
  }
}

export function savePosition(point: Point): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(point));
  } catch {
    // Only a convenience: the button simply starts at its usual place next time.
  }
}
