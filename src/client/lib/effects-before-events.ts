import { options } from 'preact';

// React runs the effects of a render before it handles the next input event; Preact runs them after
// the frame that shows the render. An input in between (a tap right after a screen appears, or the
// press the page's first script replays once the app has drawn the signin form) would reach
// components whose subscriptions do not exist yet: a mutation's result would find nobody listening,
// and the form would never move on. So before Preact hands such an event to a handler, the effects
// it has queued run first; otherwise they run after the frame, as Preact schedules them.

/** Events a person makes (and the submit a replayed press makes); focus and blur stay out: a layout effect may focus. */
const INPUT_EVENTS = new Set(['click', 'submit', 'keydown', 'keyup', 'input', 'change', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend']);

/** Preact's own fallback when frames do not come (a hidden tab). */
const FRAME_TIMEOUT_MS = 35;

let pending: (() => void) | undefined;
let installed = false;

function runPending(): void {
  const flush = pending;
  pending = undefined;
  flush?.();
}

/** After the next frame, as Preact does by default, unless an input event ran them first. */
function afterNextFrame(flush: () => void): void {
  pending = flush;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(runPending);
  };
  const timeout = setTimeout(done, FRAME_TIMEOUT_MS);
  const frame = requestAnimationFrame(done);
}

export function runEffectsBeforeInput(): void {
  if (installed) return;
  installed = true;
  options.requestAnimationFrame = afterNextFrame;
  const previous = options.event;
  options.event = (event: Event) => {
    if (INPUT_EVENTS.has(event.type)) runPending();
    return previous ? previous(event) : event;
  };
}
