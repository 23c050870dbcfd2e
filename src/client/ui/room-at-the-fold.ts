import { useLayoutEffect, type RefObject } from 'react';

/** What a finger aims at: a field, a button, a link, or the label around a choice (its whole target). */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, label:has(input)';

/** Where a box starts and ends in the page's own coordinates, the same whatever the scroll. */
function pageBox(element: Element) {
  const box = element.getBoundingClientRect();
  return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, height: box.height };
}

/**
 * Where the page's first view ends: the navigation and the band where 'Ayuda' rests hide the bottom of
 * the screen, and the layout says how much as the root's scroll-padding-bottom. Nothing to keep
 * clear of where a layout hides nothing (the plain layout of sign-up and the first contact).
 */
function firstViewEnd(): number | undefined {
  const hidden = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom);
  return Number.isFinite(hidden) && hidden > 0 ? window.innerHeight - hidden : undefined;
}

/** The block among `blocks` to move below the first view's end, if a control of it crosses that line. */
function blockToMove(blocks: readonly Element[], end: number): HTMLElement | undefined {
  const crossesEnd = (control: Element) => {
    const box = pageBox(control);
    return box.height > 0 && box.top < end && box.bottom > end;
  };
  const holdsCutControl = (element: Element): element is HTMLElement =>
    element instanceof HTMLElement &&
    [element, ...element.querySelectorAll(CONTROLS)].some((inner) => inner.matches(CONTROLS) && crossesEnd(inner));
  const holder = blocks.find(holdsCutControl);
  // A group of choices keeps its title and hint on the first view: only the choices move below.
  if (holder instanceof HTMLFieldSetElement) return [...holder.children].find(holdsCutControl) ?? holder;
  // A block that already shows a control whole (a running check-in's 'Estoy bien'), or its first part
  // (the contacts' heading), keeps it there: only its part with the cut control moves below. Moved
  // whole, it would leave an empty band as tall as what it showed.
  const seenWhole = (element: Element | null) => {
    const box = element && pageBox(element);
    return !!box && box.height > 0 && box.bottom <= end;
  };
  if (holder && (seenWhole(holder.firstElementChild) || [...holder.querySelectorAll(CONTROLS)].some(seenWhole))) {
    const part = blockToMove([...holder.children], end);
    // A field's label goes with its field: left above the line alone, it names an empty band.
    return part && !leavesLabelBehind(holder, part) ? part : holder;
  }
  return holder;
}

/** Whether moving `part` alone would leave behind, in `holder`, the label of a control it moves. */
const leavesLabelBehind = (holder: Element, part: Element) =>
  [...holder.querySelectorAll('label')].some((label) => !part.contains(label) && part.contains(label.control));

/**
 * Keeps room at the fold in `page` for `blocks` (children of it), placed again whenever the page,
 * the document (a notice that appears above it pushes it down) or the screen changes size.
 * Returns what undoes it.
 */
function holdRoomAtTheFold(page: HTMLElement, blocks: () => readonly Element[]): () => void {
  let moved: HTMLElement | undefined;
  const place = () => {
    moved?.style.removeProperty('margin-top');
    moved = undefined;
    const end = firstViewEnd();
    const block = end === undefined ? undefined : blockToMove(blocks(), end);
    if (end === undefined || !block) return;
    // Measured again until it starts at the line: a margin that collapses with the one above it (a
    // heading's) moves the block less than asked, by nothing until it passes that one.
    let margin = Number.parseFloat(getComputedStyle(block).marginTop);
    for (let tries = 0; tries < 4 && pageBox(block).top < end - 0.5; tries += 1) {
      margin += end - pageBox(block).top;
      block.style.marginTop = `${margin}px`;
    }
    moved = block;
  };
  place();
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
  resized?.observe(page);
  resized?.observe(document.body);
  window.addEventListener('resize', place);
  return () => {
    resized?.disconnect();
    window.removeEventListener('resize', place);
    moved?.style.removeProperty('margin-top');
  };
}

/**
 * A control cut in two by the bottom of the first view looks covered by the band where 'Ayuda' rests.
 * The part of `container` that holds such a control (one of its children; in a group of choices, the
 * choices) starts just below that line instead, so that every control is either whole on the first
 * view or wholly below it, on every phone and whatever the page says.
 */
export function useRoomAtTheFold(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = container.current;
    return element ? holdRoomAtTheFold(element, () => [...element.children]) : undefined;
  }, [container]);
}

/**
 * The same for the parts of a page that follow `block` (its later siblings), never `block` itself or
 * what comes before it: on home, what must stay where it is (the SOS button, a failure's SMS) comes
 * first, and what may wait below the fold (the check-in card, the contacts) after.
 */
export function useRoomAtTheFoldAfter(block: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = block.current;
    const page = element?.parentElement;
    if (!element || !page) return;
    return holdRoomAtTheFold(page, () => {
      const parts = [...page.children];
      return parts.slice(parts.indexOf(element) + 1);
    });
  }, [block]);
}
