import { configure, getConfig } from '@testing-library/react';

// A person acts on a screen once the frame that shows it has been painted; findBy* can resolve before that
// frame. So every findBy*/waitFor ends after the next frame and the effects Preact queued behind it, and a
// test acts on a screen in the state a person would find it (lib/effects-before-events.ts covers an input
// that comes sooner).
const settle = getConfig().asyncWrapper;
// Preact's own schedule: the next animation frame, or 35 ms when frames do not come (a test that fakes
// setInterval stops jsdom's frames), then a task.
const nextPaint = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      setTimeout(resolve, 0);
    };
    const fallback = setTimeout(done, 35);
    const frame = requestAnimationFrame(done);
  });

configure({
  asyncWrapper: async (callback) => {
    const result = await settle(callback);
    await nextPaint();
    return result;
  },
});
