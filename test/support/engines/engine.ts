/**
 * The few things the SOS journey (test/support/sos-journey.ts) asks of a browser,
 * so that one description of it runs in Chromium, Gecko and WebKit. Finding
 * elements by their label or name happens in the page (page-queries.ts); a driver
 * only navigates, runs a script, clicks and types as a person would.
 */
export interface EngineWindow {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs `body` as the body of an async function in the page and returns its (JSON) result. */
  run<T>(body: string): Promise<T>;
  /**
   * A real click in the middle of the element that matches `selector`. Rejects at once when
   * nothing matches it any more (the page replaced the element): page-queries.ts finds the new one.
   */
  click(selector: string): Promise<void>;
  /** Focuses the element and types `text` into it, key by key; rejects at once as `click` does. */
  type(selector: string, text: string): Promise<void>;
  /** Types into whatever has the focus (the code boxes move it themselves). */
  keys(text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** A browser profile: its own storage, service worker and cookies, shared by its windows. */
export interface EngineProfile {
  openWindow(): Promise<EngineWindow>;
  /**
   * The engine's own offline switch (`navigator.onLine`, `online` events) where it
   * has one; the test proxy cuts the network in every engine anyway.
   */
  emulateOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  /** 'Chromium', 'Gecko (Firefox ESR)', 'WebKit (WebKitGTK)'. */
  name: string;
  /** What the journey can count on: `onlineEvents` false where nothing ever fires `online`. */
  onlineEvents: boolean;
  newProfile(): Promise<EngineProfile>;
  /** Console errors and uncaught errors of every page so far. */
  consoleErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface EngineLauncher {
  name: string;
  /** Why this engine cannot run on this machine, or null when it can. */
  missing(): string | null;
  /** What the test proxy must add for this engine (WebKit's error trap). */
  needsErrorTrap: boolean;
  launch(): Promise<Engine>;
}

/** A phone-sized window: WebKitGTK's windows are no narrower than 447 px, so all engines use that. */
export const WINDOW = { width: 450, height: 860 };
