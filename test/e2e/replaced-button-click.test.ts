import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLauncher } from '#test/support/engines/chromium-engine.ts';
import type { Engine, EngineWindow } from '#test/support/engines/engine.ts';
import { click, fill } from '#test/support/engines/page-queries.ts';

// The journeys find a button by its name, mark it, then ask the driver to act on the mark. Home's
// and signin's first frame is markup from index.html that the app's first render replaces with the
// same button, so the mark can vanish between the finding and the finger. The driver must then
// give up at once and let page-queries.ts find the new button, as a finger would land on it; a
// driver that waits for the lost mark to come back stands still for its own 30 s limit, a silence
// that looks like an SOS press nobody answered.

/** A page whose button (and field) is swapped for an identical one the moment the test marks it. */
const SWAPPING_PAGE = `
  document.body.innerHTML = '<button type="button" data-first>Avisar</button><label>Correo <input data-first></label>';
  window.presses = [];
  document.addEventListener('click', (event) => window.presses.push('first' in event.target.dataset ? 'first' : 'replacement'), true);
  const swapped = new Set();
  new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (swapped.has(target.localName) || !target.dataset.e2e) continue;
      swapped.add(target.localName);
      const twin = target.cloneNode(true);
      delete twin.dataset.e2e;
      delete twin.dataset.first;
      target.replaceWith(twin);
    }
  }).observe(document.body, { subtree: true, attributeFilter: ['data-e2e'] });
`;

// Each step is far under the driver's own 30 s wait, even on a loaded machine.
const SHORT_MS = 15_000;

describe('acting on a button the page replaced just after it was found, in Chromium', () => {
  let engine: Engine;
  let win: EngineWindow;

  beforeAll(async () => {
    engine = await chromiumLauncher.launch();
    win = await (await engine.newProfile()).openWindow();
  });

  afterAll(async () => {
    await engine?.close();
  });

  it(
    'clicks the replacement once, without waiting for the lost one',
    async () => {
      await win.goto('about:blank');
      await win.run(SWAPPING_PAGE);
      await click(win, { button: /^Avisar$/ });
      expect(await win.run<string[]>('return window.presses')).toEqual(['replacement']);
    },
    SHORT_MS,
  );

  it(
    'types into the replacement field, without waiting for the lost one',
    async () => {
      await win.goto('about:blank');
      await win.run(SWAPPING_PAGE);
      await fill(win, { field: /^Correo/ }, 'ana@example.org');
      expect(
        await win.run<string[]>(`return [...document.querySelectorAll('input')].map((input) => input.value)`),
      ).toEqual(['ana@example.org']);
    },
    SHORT_MS,
  );
});
