import { describe, expect, it } from 'vitest';
import { chromiumLauncher } from '#test/support/engines/chromium-engine.ts';
import type { EngineLauncher } from '#test/support/engines/engine.ts';
import { firefoxLauncher } from '#test/support/engines/firefox-engine.ts';
import { fill } from '#test/support/engines/page-queries.ts';
import { webkitLauncher } from '#test/support/engines/webkit-engine.ts';

// Signin's first frame is the HTML's copy of the form, and the app's first render replaces it,
// carrying over what the field held. Keys a driver sends during that swap can land in the old
// field, the new one or nowhere: under load in Gecko the journey's e-mail ended up typed twice, the
// app refused it as an e-mail, and the journey stood on signin for its 90 s. Whatever the swap did,
// `fill` must leave the field holding the text once, in every engine.

/** A field replaced at the first keystroke by a copy holding what was typed so far; the focus stays behind. */
const SWAPPING_FIELD = `
  document.body.innerHTML = '<label for="correo">Correo</label><input id="correo">';
  window.swaps = 0;
  document.addEventListener('input', (event) => {
    if (window.swaps > 0) return;
    window.swaps += 1;
    const twin = event.target.cloneNode();
    twin.value = event.target.value;
    event.target.replaceWith(twin);
  }, true);
`;

const ENGINES: EngineLauncher[] = [chromiumLauncher, firefoxLauncher, webkitLauncher];

describe('typing into a field the page replaces while the keys arrive', () => {
  for (const launcher of ENGINES) {
    it.skipIf(launcher.missing() !== null)(`in ${launcher.name}: the field ends with the text once`, async () => {
      const engine = await launcher.launch();
      try {
        const win = await (await engine.newProfile()).openWindow();
        await win.goto('about:blank');
        await win.run(SWAPPING_FIELD);
        await fill(win, { field: /^Correo$/ }, 'ana@example.org');
        expect(
          await win.run(
            `return { swaps: window.swaps, values: [...document.querySelectorAll('input')].map((i) => i.value) }`,
          ),
        ).toEqual({ swaps: 1, values: ['ana@example.org'] });
      } finally {
        await engine.close();
      }
    });
  }
});
