import { APP_NAME } from '#shared/constants.ts';
import { CONNECTION_STATUS_NAME, OFFLINE_SOS_STILL_WORKS } from '#client/features/offline/offline-texts.ts';
import {
  SOS_BUTTON_HINT,
  SOS_BUTTON_LABEL,
  SOS_BUTTON_NAME,
  SOS_SENDING_HINT,
  SOS_SENDING_NAME,
} from '#client/features/sos/home/sos-button-texts.ts';
import { HOME_INSTRUCTION, HOME_TITLE } from '#client/routes/web/-components/home/home-texts.ts';

// The early home: home's first frame as static markup in index.html, drawn
// with the first paint when the stored session opens on home (a localStorage
// hint, lib/home-hint.ts), while the app's code is still being evaluated and
// the encrypted session read (about half a second at 4x CPU slowdown). Its SOS
// button is a real one: the page's first script (vite-plugins/early-home.ts)
// records a press, and the app's SOS button sends it as soon as it mounts
// (early-press.ts). The same classes and the same words as the app's home, so
// the button is drawn in the same place when the app replaces this markup
// (test/e2e/early-home.test.ts measures it). Built in Node by the Vite plugin.

export const EARLY_SOS_BUTTON_ID = 'early-sos';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

/** Inside #root: React's first render replaces it whole. Hidden unless the page's first script shows it (early-home.css). */
export function earlyHomeMarkup(base: string): string {
  const text = escapeHtml;
  return [
    '<div class="early-home">',
    `<div class="offline-banner early-home__offline" role="status" aria-label="${text(CONNECTION_STATUS_NAME)}"><p class="offline-banner__text">${text(OFFLINE_SOS_STILL_WORKS)}</p></div>`,
    '<div class="main-layout">',
    `<header class="app-header"><img src="${base}logo.svg" alt="${text(APP_NAME)}" width="40" height="40"></header>`,
    '<main class="main-layout__content">',
    `<h1 class="visually-hidden">${text(HOME_TITLE)}</h1>`,
    `<p class="home-page__instruction">${text(HOME_INSTRUCTION)}</p>`,
    '<div class="home-page__actions">',
    `<button type="button" id="${EARLY_SOS_BUTTON_ID}" class="sos-button" aria-label="${text(SOS_BUTTON_NAME)}" data-busy-label="${text(SOS_SENDING_NAME)}" data-busy-hint="${text(SOS_SENDING_HINT)}">`,
    `<span class="sos-button__label" aria-hidden="true">${text(SOS_BUTTON_LABEL)}</span> <span class="sos-button__hint" aria-hidden="true">${text(SOS_BUTTON_HINT)}</span>`,
    '</button>',
    '<div class="home-page__install"></div>',
    '</div></main></div></div>',
  ].join('');
}
