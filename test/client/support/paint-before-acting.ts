import { configure, getConfig } from '@testing-library/react';

// Preact runs a component's effects (a subscription, a focus, a listener) after the frame that first
// shows it has been painted. A person sees a button only once that frame is painted, so their tap always
// comes after those effects; a test that acts on what findBy* has just found would come before them.
// So every findBy*/waitFor ends after the next frame and the effects Preact queued behind it.
const settle = getConfig().asyncWrapper;
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

configure({
  asyncWrapper: async (callback) => {
    const result = await settle(callback);
    await nextPaint();
    return result;
  },
});
