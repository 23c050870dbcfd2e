import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { DESK_DESKTOP, DESK_PHONE, walkTheDesk } from '#test/support/desk-walk.ts';
import { resizeTo } from '#test/support/viewport.ts';

// The desk's fields look like the person's (src/client/ui/form-controls.css): the 'Rol' and
// 'Resultado' choices, the notes and the searches are not the browser's bare controls but
// bordered, rounded, white and at least 44 px tall, each named by a bold label of its own.

const both = appAndChromiumPerFile();

/** The house look of a field, as a person's form draws it. */
const HOUSE_LOOK = {
  border: '2px solid rgb(118, 118, 128)',
  radius: '12px',
  background: 'rgb(255, 255, 255)',
  tall: true,
  wide: true,
  label: 'bold',
};

/** Every field of the page (choices, text boxes, searches; not the check boxes), by its label, as it is drawn. */
function fieldsAsDrawn(page: Page) {
  return page.evaluate(() => {
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'select, textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])',
    );
    return Object.fromEntries(
      [...fields].map((field) => {
        const style = getComputedStyle(field);
        const box = field.getBoundingClientRect();
        const label = field.labels?.[0];
        const parentWidth = field.parentElement?.getBoundingClientRect().width ?? 0;
        return [
          label?.textContent?.trim() || `${field.tagName} sin etiqueta`,
          {
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
            radius: style.borderTopLeftRadius,
            background: style.backgroundColor,
            tall: box.height >= 44 || `${Math.round(box.height)} px`,
            wide: box.width >= parentWidth - 1 || `${Math.round(box.width)} of ${Math.round(parentWidth)} px`,
            label: label && Number(getComputedStyle(label).fontWeight) >= 600 ? 'bold' : 'plain',
          },
        ];
      }),
    );
  });
}

describe("the desk's fields", () => {
  it("have the house look, 44 px tall and labelled, on every screen of the desk ('Resultado' and the notes of a case, the searches, 'Rol' of the team), on a desktop and on a phone", async () => {
    const seen: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    await walkTheDesk(both.app, both.browser, async (screen, page) => {
      for (const [size, viewport] of [
        ['desktop', DESK_DESKTOP],
        ['phone', DESK_PHONE],
      ] as const) {
        await resizeTo(page, viewport);
        const fields = await fieldsAsDrawn(page);
        seen[`${screen} (${size})`] = fields;
        expected[`${screen} (${size})`] = Object.fromEntries(Object.keys(fields).map((name) => [name, HOUSE_LOOK]));
      }
      await resizeTo(page, DESK_DESKTOP);
    });
    // Not a check of nothing: the fields this is about were among them.
    const names = Object.values(seen).flatMap((fields) => Object.keys(fields as object));
    expect(
      ['Resultado', 'Nota', 'Nota de cierre', 'Nombre o teléfono', 'Rol'].filter((name) =>
        names.some((seenName) => seenName.startsWith(name)),
      ),
    ).toEqual(['Resultado', 'Nota', 'Nota de cierre', 'Nombre o teléfono', 'Rol']);
    expect(seen).toEqual(expected);
  });
});
