import { createStore } from './create-store.ts';

// The first frame of the app is for the SOS button. What can come a frame later
// (the contact list, the bottom navigation, the help button, the worker bridge)
// waits until that frame has been drawn, so it does not lengthen it: at 4x CPU
// slowdown React's first render of home is a quarter of a second.

/**
 * Runs `task` once the next frame has been drawn (two animation frames, then a task).
 * A page in the background draws no frames: there it runs at once.
 */
export function afterFirstPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(task, 0);
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(task, 0)));
}

/** Runs `task` once the frame being prepared has been painted (an animation frame, then a task); in the background, at once. */
export function afterNextPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(task, 0);
  else requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * False only while main.tsx holds the app's first frame: tests and every later screen render at once.
 * AfterFirstPaint renders by it, so every held part comes with the release.
 */
export const firstPaintDone = createStore(() => true);

/**
 * main.tsx, just before the first render; `committed` settles with the commit that draws it. Once
 * the held parts have been drawn too, <html> says so (`data-app-started`): until then the screen is
 * the early home or the SOS button alone, and on a slow phone it stays so for seconds. Whoever must
 * read the whole first screen (the browser tests) waits for it, not for a quiet second.
 */
export function holdUntilFirstPaint(committed: Promise<void>): void {
  firstPaintDone.set(false);
  void committed.then(() =>
    afterFirstPaint(() => {
      // A store's change renders at once: the held parts are drawn in the next frame.
      firstPaintDone.set(true);
      afterNextPaint(() => (document.documentElement.dataset.appStarted = ''));
    }),
  );
}

/**
 * Ends the task that runs now, so the browser can paint and take a tap before the rest runs in a
 * new one: on a slow phone the start-up's steps, one after the other in a single task, blocked the
 * page for a quarter of a second. `scheduler.yield()` puts the rest ahead of other tasks where
 * the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
