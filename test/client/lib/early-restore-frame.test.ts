import { afterEach, describe, expect, it, vi } from 'vitest';

// The early home of index.html is painted, and reported painted, before the page's first script starts
// the app's entry (vite-plugins/entry-after-paint.ts). What the entry's first module waits for then
// holds back the app's SOS button and nothing else.

/** The browser's animation frames, run when the test says; each call is counted. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  const request = vi.fn((callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestAnimationFrame', request);
  return { request, runFrame: () => frames.splice(0).forEach((callback) => callback(performance.now())) };
}

/** What the Paint Timing API has reported so far: the first contentful paint, or nothing. */
function paintReported(reported: boolean) {
  const entries = reported ? [{ name: 'first-contentful-paint', entryType: 'paint', startTime: 1 }] : [];
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    name === 'first-contentful-paint' ? (entries as PerformanceEntryList) : [],
  );
}

/** main.tsx's first import, evaluated as a page load evaluates it; settles when the modules after it may run. */
function evaluateEntry(): Promise<'evaluated'> {
  vi.resetModules();
  return import('#client/early-restore.ts').then(() => 'evaluated' as const);
}

afterEach(() => {
  delete document.documentElement.dataset.opens;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the entry's first module on the early home", () => {
  it('lets the app run at once when the early home was already reported on the screen', async () => {
    document.documentElement.dataset.opens = 'home';
    const { request } = holdFrames();
    paintReported(true);
    let settled = false;
    void evaluateEntry().then(() => (settled = true));
    // Evaluated without asking for a frame (which no frame here would ever answer).
    await vi.waitFor(() => expect(settled || request.mock.calls.length > 0).toBe(true));
    expect(request).not.toHaveBeenCalled();
    expect(settled).toBe(true);
  });

  it('waits for the early home to be painted where the browser reported no paint', async () => {
    document.documentElement.dataset.opens = 'home';
    const { request, runFrame } = holdFrames();
    paintReported(false);
    let settled = false;
    const evaluated = evaluateEntry().then((result) => {
      settled = true;
      return result;
    });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);
    runFrame();
    await expect(evaluated).resolves.toBe('evaluated');
  });
});
