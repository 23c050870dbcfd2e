import type { Plugin } from 'vite';
import { KEY_STORE_DB, STATE_STORE_DB } from '../../shared/constants.ts';
import { filesBeyondEntry, isChunk, type OutputBundle, type OutputChunk } from './bundle-chunks.ts';
import { entryAfterPaint } from './entry-after-paint.ts';
import { EARLY_PRESS_DATASET_KEY } from '#client/features/sos/home/early-press.ts';
import { EARLY_SOS_BUTTON_ID, earlyHomeMarkup } from '#client/routes/web/-components/home/early-home-markup.ts';

// When the browser's stored session opens on home (a localStorage hint,
// lib/home-hint.ts), two things happen before the app's code has even run:
// - home's lazy chunk (vite.config.ts) is fetched beside the entry, not a round
//   trip after it: its files are listed as preload links in an inert <template>
//   that the page's first script moves into the head when it fetches the entry
//   (after the first paint: entry-after-paint.ts);
// - the early home (routes/web/-components/home/early-home-markup.ts) is drawn instead of the splash, with
//   an SOS button that works: a press is recorded on <html> for the app's SOS
//   button to send when it mounts.
// The first script is a tiny classic script in the head, so the decision is
// made before the first paint; an external file, not inline code: the CSP
// allows scripts from 'self' only. It also starts the app's entry, whose module
// tag it replaces (entry-after-paint.ts). Signed-out visitors and signin download
// nothing more. Runs in Node (vite.config.ts), never in the app.

export interface EarlyHomeOptions {
  /** The name of home's chunk group in vite.config.ts. */
  chunk: string;
  /** The localStorage key that reads '1' when the session opens on home. */
  hintKey: string;
}

type Preload = { href: string; style: boolean };
/** The chunk, the chunks it imports that the entry does not bring, and their stylesheets. */
function filesOf(bundle: OutputBundle, root: OutputChunk, base: string): Preload[] {
  const { scripts, styles } = filesBeyondEntry(bundle, [root]);
  return [
    ...scripts.map((file) => ({ href: base + file, style: false })),
    ...styles.map((file) => ({ href: base + file, style: true })),
  ];
}

const TEMPLATE_ID = 'home-preload';

/** Inert until the script moves them into the head: markup in a template fetches nothing. */
function preloadTemplate(files: Preload[]): string {
  // crossorigin as Vite's own preloads, so the later import and stylesheet reuse these responses.
  const links = files.map(
    ({ href, style }) => `<link rel=${style ? 'preload as=style' : 'modulepreload'} crossorigin href=${href}>`,
  );
  return `<template id=${TEMPLATE_ID}>${links.join('')}</template>`;
}

/**
 * Kept this small on purpose: it counts in home's download budget (the file list and the markup
 * stay in the page). The preloads whatever the address: a signed-in person's other screens share
 * home's layout chunk. The early home only where the app opens home ('/', '/web', '/web/home'):
 * a profile or a contact's link must not show an SOS button first.
 */
function firstScript({ hintKey }: EarlyHomeOptions, entry: string): string {
  const pressedAt = JSON.stringify(EARLY_PRESS_DATASET_KEY);
  const hinted = `localStorage[${JSON.stringify(hintKey)}]=="1"`;
  return [
    `try{var d=document.documentElement;if(${hinted}){`,
    // The stored session's databases, opened (and closed) now: the browser keeps their files open a moment,
    // so the app's own reads, a few hundred milliseconds later on a slow phone, skip that wait. Never creates one.
    `${JSON.stringify([KEY_STORE_DB, STATE_STORE_DB])}.forEach(function(n){var r=indexedDB.open(n);r.onupgradeneeded=function(){r.transaction.abort()};r.onsuccess=function(){r.result.close()}});`,
    'if(/^\\/(web\\/?(home\\/?)?)?$/.test(location.pathname)){d.dataset.opens="home";navigator.onLine||(d.dataset.offline="");',
    // The early SOS button: recorded and shown sending, once; the app's button sends it.
    `document.addEventListener("click",function(e){var b=e.target.closest?.("#${EARLY_SOS_BUTTON_ID}");`,
    `if(b&&!b.disabled){d.dataset[${pressedAt}]=Date.now();b.disabled=!0;b.ariaBusy="true";`,
    'b.ariaLabel=b.dataset.busyLabel;b.lastElementChild.textContent=b.dataset.busyHint}})}}}catch(e){}',
    entryAfterPaint({
      entry,
      beforeFetch: `${hinted}&&document.head.append(document.getElementById("${TEMPLATE_ID}").content)`,
    }),
  ].join('');
}

export function earlyHome(options: EarlyHomeOptions): Plugin {
  let base = '/';
  return {
    name: 'sos-early-home',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_output, bundle) {
        const html = bundle['index.html'];
        const home = Object.values(bundle).find(
          (file): file is OutputChunk => isChunk(file) && file.name === options.chunk,
        );
        if (!home || html?.type !== 'asset' || typeof html.source !== 'string') {
          this.error(`early-home: no '${options.chunk}' chunk or no index.html in the bundle`);
        }
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html.source);
        const rootTag = '<div id="root"></div>';
        if (!entryTag?.[1]) this.error('early-home: index.html has no crossorigin module entry script');
        if (!html.source.includes(rootTag)) this.error('early-home: index.html has no empty #root');
        const reference = this.emitFile({
          type: 'asset',
          name: 'early-home.js',
          source: firstScript(options, entryTag[1]),
        });
        // Classic and in the head: it runs before the body is drawn (parser-blocking, a few hundred bytes),
        // in the entry's place: it starts the entry itself.
        const tags = `${preloadTemplate(filesOf(bundle, home, base))}\n    <script src="${base}${this.getFileName(reference)}"></script>\n    `;
        html.source = html.source
          .replace(entryTag[0], tags)
          .replace(rootTag, `<div id="root">${earlyHomeMarkup(base)}</div>`);
      },
    },
  };
}
