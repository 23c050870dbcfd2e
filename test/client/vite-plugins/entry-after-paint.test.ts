import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryAfterPaint } from '#client/vite-plugins/entry-after-paint.ts';

const ENTRY = '/build/assets/index-A.js';

/** The browser's Paint Timing reports, handed out by the test: `paint()` is the first frame shown. */
class PaintObserver {
  static supportedEntryTypes = ['paint', 'layout-shift'];
  static observers: PaintObserver[] = [];
  observed = false;
  constructor(private readonly report: (list: { getEntriesByName: (name: string) => unknown[] }, o: unknown) => void) {
    PaintObserver.observers.push(this);
  }
  observe(options: { type: string; buffered: boolean }) {
    this.observed = options.type === 'paint' && options.buffered;
  }
  disconnect() {
    this.observed = false;
  }
  static paint() {
    for (const observer of PaintObserver.observers.filter((o) => o.observed))
      observer.report({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, observer);
  }
}

/** What the head holds of the entry: its module script and its preload, as they would be fetched. */
function entryInHead(): string[] {
  return [...document.head.querySelectorAll('script, link')].map((node) =>
    node instanceof HTMLScriptElement
      ? `script type=${node.type} src=${node.getAttribute('src')} crossorigin=${node.crossOrigin}`
      : `link rel=${(node as HTMLLinkElement).rel} href=${node.getAttribute('href')} crossorigin=${(node as HTMLLinkElement).crossOrigin}`,
  );
}

let fetched = 0;
function runScript(): void {
  const source = entryAfterPaint({ entry: ENTRY, beforeFetch: 'window.countFetch()' });
  new Function(source)();
}

beforeEach(() => {
  fetched = 0;
  PaintObserver.observers = [];
  vi.stubGlobal('countFetch', () => (fetched += 1));
  vi.stubGlobal('PerformanceObserver', PaintObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.replaceChildren();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
});

describe("the page's first script: the app's entry after the first paint", () => {
  it('is neither fetched nor run before the first frame is shown, then is run once as a module', () => {
    vi.useFakeTimers();
    runScript();
    // An animation frame and more: a frame prepared is not yet a frame shown.
    vi.advanceTimersByTime(200);
    expect([entryInHead(), fetched]).toEqual([[], 0]);
    PaintObserver.paint();
    PaintObserver.paint();
    expect([entryInHead(), fetched]).toEqual([[`script type=module src=${ENTRY} crossorigin=`], 1]);
  });

  it("comes from the worker's cache at once, and runs after the first frame", () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    runScript();
    expect([entryInHead(), fetched]).toEqual([[`link rel=modulepreload href=${ENTRY} crossorigin=`], 1]);
    PaintObserver.paint();
    expect([entryInHead(), fetched]).toEqual([
      [`link rel=modulepreload href=${ENTRY} crossorigin=`, `script type=module src=${ENTRY} crossorigin=`],
      1,
    ]);
  });

  it('starts at once in a page in the background, which paints nothing', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    runScript();
    expect([entryInHead(), fetched]).toEqual([[`script type=module src=${ENTRY} crossorigin=`], 1]);
  });

  it('starts after an animation frame where the browser reports no paint, and after a second where it never does', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runScript();
    expect(entryInHead()).toEqual([]);
    await vi.waitFor(() => expect(entryInHead()).toEqual([`script type=module src=${ENTRY} crossorigin=`]));

    document.head.replaceChildren();
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    runScript();
    vi.advanceTimersByTime(999);
    expect(entryInHead()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entryInHead()).toEqual([`script type=module src=${ENTRY} crossorigin=`]);
  });
});
