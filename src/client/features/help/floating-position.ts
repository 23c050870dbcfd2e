import { HELP_BUTTON_BAR_GAP_PX, HELP_BUTTON_EDGE_PX } from '#shared/constants.ts';

/** The top-left corner of the floating button, in CSS pixels of the viewport. */
export type Point = { x: number; y: number };

const STORAGE_KEY = 'help-button-position';

/** The area `position: fixed` lays out in: the viewport without its scroll bars. */
function viewportSize() {
  const root = document.documentElement;
  return { width: root.clientWidth || window.innerWidth, height: root.clientHeight || window.innerHeight };
}

/** The rectangle, in viewport pixels, where the button may rest. */
export type Area = { top: number; right: number; bottom: number; left: number };

/**
 * Bars the floating button must never rest on, marked in the layout with
 * `data-floating-bar`: "top" for a header that scrolls with the page (kept out
 * as drawn with the page at its top, where its buttons are), "bottom" for a bar
 * fixed to the bottom of the screen.
 */
const FLOATING_BAR_ATTRIBUTE = 'data-floating-bar';

/** Props that mark a header (`top`) or a bottom bar (`bottom`) as off limits to the floating button. */
export function floatingBar(edge: 'top' | 'bottom') {
  return { [FLOATING_BAR_ATTRIBUTE]: edge };
}

/** The viewport HELP_BUTTON_EDGE_PX inside its edges, less the bars and HELP_BUTTON_BAR_GAP_PX beside them. */
export function restingArea(viewport = viewportSize()): Area {
  let top = HELP_BUTTON_EDGE_PX;
  let bottom = viewport.height - HELP_BUTTON_EDGE_PX;
  for (const bar of document.querySelectorAll<HTMLElement>(`[${FLOATING_BAR_ATTRIBUTE}]`)) {
    const rect = bar.getBoundingClientRect();
    if (bar.getAttribute(FLOATING_BAR_ATTRIBUTE) === 'top')
      top = Math.max(top, rect.bottom + window.scrollY + HELP_BUTTON_BAR_GAP_PX);
    else bottom = Math.min(bottom, rect.top - HELP_BUTTON_BAR_GAP_PX);
  }
  return { top, right: viewport.width - HELP_BUTTON_EDGE_PX, bottom, left: HELP_BUTTON_EDGE_PX };
}

/** The nearest point where a box of `size` lies inside `area` (top and left win when it does not fit). */
export function clampToArea(point: Point, size: { width: number; height: number }, area = restingArea()): Point {
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));
  return {
    x: clamp(point.x, area.left, area.right - size.width),
    y: clamp(point.y, area.top, area.bottom - size.height),
  };
}

/** Moves the element to `point`, kept inside the resting area, and returns where it went. */
export function placeElement(element: HTMLElement, point: Point): Point {
  const placed = clampToArea(point, element.getBoundingClientRect());
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
