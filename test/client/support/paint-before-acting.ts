import { configure, getConfig } from '@testing-library/react';

// Preact runs a component's effects (a subscription, a focus, a listener) after the frame that first
// shows it has been painted. A person sees a button only once that frame is painted, so their tap always
// comes after those effects; a test that acts on what findBy* has just found would come before them.
// So every findBy*/waitFor ends after the next frame and the effects Preact queued behind it.
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
