import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { clampToArea, placeElement, readSavedPosition, savePosition } from './floating-position.ts';

/** A finger wobbles: a press that travels less than this is still a tap. */
const DRAG_THRESHOLD_PX = 8;
const KEY_STEP_PX = 20;
const KEY_DIRECTIONS: Partial<Record<string, [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

type Drag = { pointerId: number; startX: number; startY: number; left: number; top: number; moved: boolean };

function savePlaced(element: HTMLElement) {
  const rect = element.getBoundingClientRect();
  savePosition({ x: rect.left, y: rect.top });
}

/**
 * A fixed-position element that any pointer (finger, mouse, pen) drags and the
 * arrow keys move, always kept inside the viewport and off the layout's bars
 * (floating-position.ts), also after a resize or a
 * rotation. A press that does not travel is a tap: `onTap`. The position goes
 * straight to the element's style, so dragging re-renders nothing.
 */
export function useDraggable<T extends HTMLElement>(onTap: (element: T) => void) {
  const ref = useRef<T>(null);
  const drag = useRef<Drag | null>(null);
  // Browsers send a click when a dragging mouse is released: that is no tap.
  const justDragged = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const saved = readSavedPosition();
    if (saved) placeElement(element, saved);
    const keepInside = () => {
      const rect = element.getBoundingClientRect();
      const inside = clampToArea({ x: rect.left, y: rect.top }, rect);
      if (inside.x !== rect.left || inside.y !== rect.top) placeElement(element, inside);
    };
    keepInside();
    // Rotating a phone resizes the window too.
    window.addEventListener('resize', keepInside);
    // A notice shown above the header pushes the header down, under a button parked below it:
    // the page grows, and the button moves off again.
    const pageGrows = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(keepInside);
    pageGrows?.observe(document.body);
    return () => {
      window.removeEventListener('resize', keepInside);
      pageGrows?.disconnect();
    };
  }, []);

  function endDrag(event: PointerEvent<T>) {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.moved) return;
    justDragged.current = true;
    savePlaced(event.currentTarget);
  }

  const handlers = {
    onPointerDown(event: PointerEvent<T>) {
      if (!event.isPrimary || event.button !== 0) return;
      justDragged.current = false;
      const rect = event.currentTarget.getBoundingClientRect();
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        left: rect.left,
        top: rect.top,
        moved: false,
      };
      // Keeps the moves coming when the pointer runs ahead of the element or off the screen (jsdom has no capture).
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<T>) {
      const current = drag.current;
      if (current?.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      placeElement(event.currentTarget, { x: current.left + dx, y: current.top + dy });
    },
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onClick(event: MouseEvent<T>) {
      // A click from the keyboard (detail 0) never ends a drag.
      if (justDragged.current && event.detail !== 0) {
        justDragged.current = false;
        return;
      }
      onTap(event.currentTarget);
    },
    onKeyDown(event: KeyboardEvent<T>) {
      const direction = KEY_DIRECTIONS[event.key];
      if (!direction) return;
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      savePosition(
        placeElement(event.currentTarget, {
          x: rect.left + direction[0] * KEY_STEP_PX,
          y: rect.top + direction[1] * KEY_STEP_PX,
        }),
      );
    },
  };
  return { ref, handlers };
}
