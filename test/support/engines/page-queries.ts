import type { EngineWindow } from './engine.ts';

// Finding things on screen the way a person does (by a button's name, a field's
// label, the text shown), worked out in the page so every engine finds them alike.
// A match gets a data attribute, and the driver clicks or types into it by CSS.

export type Query =
  /** A button (or link) whose accessible name matches, optionally inside the dialog of that name. */
  | { button: RegExp; dialog?: RegExp }
  /** A text box or select whose label (or aria-label) matches. */
  | { field: RegExp }
  /** A heading or any visible text. */
  | { text: RegExp };

const FIND_SOURCE = `
  const squash = (value) => (value || '').replace(/\\s+/g, ' ').trim();
  const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const byIds = (ids) => squash((ids || '').split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' '));
  const nameOf = (element) =>
    squash(element.getAttribute('aria-label')) || byIds(element.getAttribute('aria-labelledby')) ||
    squash(Array.from(element.labels || []).map((label) => label.textContent).join(' ')) || squash(element.textContent);
  const matches = (pattern, value) => new RegExp(pattern.source, pattern.flags).test(value);
  const find = (query) => {
    if (query.text) return matches(query.text, squash(document.body.innerText)) ? document.body : null;
    let scope = document;
    if (query.dialog) {
      scope = Array.from(document.querySelectorAll('[role="dialog"], dialog[open]')).find((d) => shown(d) && matches(query.dialog, nameOf(d)));
      if (!scope) return null;
    }
    const selector = query.button ? 'button, a[href], [role="button"]' : 'input:not([type="hidden"]):not([type="checkbox"]), select, textarea';
    const pattern = query.button || query.field;
    return Array.from(scope.querySelectorAll(selector)).find((element) => shown(element) && matches(pattern, nameOf(element))) || null;
  };
`;

const asJson = (query: Query) =>
  JSON.stringify(query, (_key, value: unknown) =>
    value instanceof RegExp ? { source: value.source, flags: value.flags } : value,
  );

/**
 * Waits (polling in the page, never a fixed sleep) until the query matches; resolves
 * with a CSS selector for the element, or null once `timeoutMs` passed without it
 * (or, with `gone`, once it no longer matches). Survives page loads on the way.
 */
export async function waitFor(
  win: EngineWindow,
  query: Query,
  options: { timeoutMs?: number; gone?: boolean } = {},
): Promise<string> {
  const { timeoutMs = 30_000, gone = false } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const slice = Math.min(2_000, Math.max(100, deadline - Date.now()));
    try {
      const found = await win.run<string | null>(`
        ${FIND_SOURCE}
        const query = ${asJson(query)};
        const until = Date.now() + ${slice};
        for (;;) {
          const element = find(query);
          if (${gone} ? !element : element) {
            if (!element || element === document.body) return 'body';
            const mark = 'e' + Math.random().toString(36).slice(2);
            element.setAttribute('data-e2e', mark);
            return '[data-e2e="' + mark + '"]';
          }
          if (Date.now() > until) return null;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      `);
      if (found) return found;
    } catch (error) {
      // A page loading in between: ask the new one.
      lastError = String(error);
    }
  }
  throw new Error(
    `${gone ? 'Still on screen' : 'Not on screen'} after ${timeoutMs} ms: ${asJson(query)} at ${await win.url().catch(() => '?')}${lastError ? ` (${lastError})` : ''}`,
  );
}

/**
 * Finds, then acts; again if the element was replaced in between (home's early
 * markup gives way to React's, a screen re-renders), as a finger would try again.
 */
async function onElement(win: EngineWindow, query: Query, act: (selector: string) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const selector = await waitFor(win, query);
    try {
      await act(selector);
      return;
    } catch (error) {
      const gone = await win
        .run<boolean>(`return !document.querySelector(${JSON.stringify(selector)})`)
        .catch(() => true);
      if (!gone || attempt === 5) throw error;
    }
  }
}

export async function click(win: EngineWindow, query: Query): Promise<void> {
  await onElement(win, query, (selector) => win.click(selector));
}

/** Letters and digits only: a field that formats what is typed (a phone's '+1 (202) 555-0143') still holds it. */
const bare = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '');

/** Whether the field holds `text` once: not empty, not a piece of it, not it twice over. */
function holdsOnce(value: string, text: string): boolean {
  const [held, typed] = [bare(value), bare(text)];
  return held.split(typed).length === 2 && held.length < 2 * typed.length;
}

/**
 * Types `text` into the field, and ends once the field holds it. Keys sent while the app's first
 * render replaces a public screen's markup may land in the old field, the new one, or nowhere, and
 * the page carries over what the old one held: a try can leave the field empty, with a piece of the
 * text, or with it twice (a retry typed after the page had carried the first try over, and the app
 * then refused that e-mail without a word from the test). A person reads the field and types it again.
 */
export async function fill(win: EngineWindow, query: Query, text: string): Promise<void> {
  let value = '';
  for (let attempt = 1; attempt <= 5; attempt++) {
    // What an earlier try left is cleared first, as a person would select it and type over it.
    if (attempt > 1) await win.run(CLEAR_SOURCE(await waitFor(win, query)));
    await onElement(win, query, (selector) => win.type(selector, text));
    const selector = await waitFor(win, query);
    value = await win.run<string>(`return document.querySelector(${JSON.stringify(selector)})?.value ?? ''`);
    if (holdsOnce(value, text)) return;
  }
  throw new Error(`${asJson(query)} holds ${JSON.stringify(value)} after 5 tries to type ${JSON.stringify(text)}`);
}

/** Page script: empties the field through the value setter and tells the app, as typing would. */
const CLEAR_SOURCE = (selector: string) => `
  const field = document.querySelector(${JSON.stringify(selector)});
  if (field && field.value !== '') {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value').set.call(field, '');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
`;

/** Chooses an option of a native select, as the phone's own picker does (a change event). */
export async function choose(win: EngineWindow, query: Query, value: string): Promise<void> {
  const selector = await waitFor(win, query);
  await win.run(`
    const select = document.querySelector(${JSON.stringify(selector)});
    const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
    setValue.call(select, ${JSON.stringify(value)});
    select.dispatchEvent(new Event('change', { bubbles: true }));
  `);
}

/** Waits until the page's path is `path` (client-side routing included). */
export async function waitForPath(win: EngineWindow, path: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await win.url().catch(() => seen);
    if (seen && new URL(seen).pathname === path) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // What the person sees there says why (a form's own error, a screen that never came), not only where.
  const screen = await win
    .run<string>(`return document.body.innerText.replace(/\\s+/g, ' ').trim().slice(0, 400)`)
    .catch((error: unknown) => `unreadable: ${String(error)}`);
  throw new Error(`Not on ${path} after ${timeoutMs} ms (on ${seen}; the screen says: ${screen})`);
}
