// The app's entry is fetched and run once the page's first frame (the early home, a public screen, the
// splash) has been shown, never before it. Over the network, its 120 kB fetched beside the stylesheets
// take the first frame's bandwidth, and run before that frame they hold it back (a slow phone paints
// the page's own SOS button or form late, for code that is not needed to draw it). Read from the
// service worker's cache, the entry costs no bandwidth: there it is fetched at once, and only run
// after the frame. Code for the page's first classic script (early-home.ts); runs in Node
// (vite.config.ts), never in the app.

/** The longest wait for the first paint's report: past it the app starts anyway (a browser that never reports one). */
export const FIRST_PAINT_WAIT_MS = 1000;

export interface EntryAfterPaintOptions {
  /** The entry chunk's URL. */
  entry: string;
  /** Code run once, just before the entry is fetched (home's preloads). */
  beforeFetch: string;
}

/**
 * ES5 code for a classic script in the head. The first frame is the 'first-contentful-paint' entry of
 * the Paint Timing API, reported once the frame is on the screen (an animation frame comes before the
 * frame is shown); where the API is missing, an animation frame and a task. A page in the background
 * paints nothing: there the entry starts at once. Never before the page is parsed: a public screen's
 * script carries what was typed into the app's form when the app takes over (public-screens.ts).
 */
export function entryAfterPaint({ entry, beforeFetch }: EntryAfterPaintOptions): string {
  const url = JSON.stringify(entry);
  return [
    '(function(){var f=0,r=0,w=document,',
    `pre=function(){if(f)return;f=1;try{${beforeFetch}}catch(e){}},`,
    'run=function(){if(r)return;r=1;pre();var x=w.createElement("script");x.type="module";x.crossOrigin="";',
    `x.src=${url};w.head.append(x)},`,
    'wait=function(){if(w.visibilityState=="hidden")return run();w.addEventListener("visibilitychange",run,{once:!0});',
    `setTimeout(run,${FIRST_PAINT_WAIT_MS});`,
    'try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0)return new PerformanceObserver(function(l,o){',
    'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();run()}}).observe({type:"paint",buffered:!0})}catch(e){}',
    'requestAnimationFrame(function(){setTimeout(run,0)})};',
    // From the worker's cache the entry takes no bandwidth from the first frame: fetched now, run after it.
    'try{if(navigator.serviceWorker.controller){pre();var p=w.createElement("link");p.rel="modulepreload";p.crossOrigin="";',
    `p.href=${url};w.head.append(p)}}catch(e){}`,
    'w.readyState=="loading"?w.addEventListener("readystatechange",wait,{once:!0}):wait()})();',
  ].join('');
}
