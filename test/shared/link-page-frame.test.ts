import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { contactPageTitles } from '#shared/contact-texts/page-titles.ts';
import { SHELL_TEXTS } from '#shared/contact-texts/shell.ts';
import { linkPageFrame, withFirstFrame } from '#shared/link-page-frame.ts';

// What the first frame of a page opened from a contact's link says before the app's code runs,
// and that index.html as written carries the places it is said in.

const titles = contactPageTitles();
const INDEX_HTML = readFileSync(new URL('../../src/client/index.html', import.meta.url), 'utf8');

/** The three things a screen reader or a translator reads of the splash document. */
function spoken(html: string) {
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    status: /<span class="visually-hidden" data-splash-status>([^<]*)<\/span>/.exec(html)?.[1],
  };
}

describe("a contact page's first frame", () => {
  it("says each contact page's own title in the link's language", () => {
    const token = 'A'.repeat(43);
    const pages = {
      [`/web/active/ack/${token}`]: 'ackTitle',
      [`/web/active/verify/${token}`]: 'confirmTitle',
      '/web/active/confirm': 'confirmTitle',
      '/web/active/terms': 'termsTitle',
      '/web/active/accept/': 'acceptTitle',
      '/web/active/invalid': 'invalidTitle',
      '/web/active/unsubscribe': 'unsubscribeTitle',
    } as const;
    for (const [path, key] of Object.entries(pages)) {
      expect(linkPageFrame(path, `?token=${token}&lang=ht`, titles), path).toEqual({
        lang: 'ht',
        title: `${contactTexts('ht')[key]} · ${APP_NAME}`,
        loading: SHELL_TEXTS.ht.loading,
      });
    }
    expect(linkPageFrame('/web/active/terms', '?lang=pt', titles)).toEqual({
      lang: 'pt-BR',
      title: `${contactTexts('pt').termsTitle} · ${APP_NAME}`,
      loading: 'Carregando…',
    });
    // No language, or one the app does not know, is Spanish, as the page reads it.
    for (const search of ['', '?lang=fr', '?lang=PT&token=x'])
      expect(linkPageFrame('/web/active/accept', search, titles), search).toEqual({
        lang: 'es',
        title: `${contactTexts('es').acceptTitle} · ${APP_NAME}`,
        loading: 'Cargando…',
      });
  });

  it("leaves the person's own screens as they are, whatever the address says", () => {
    for (const path of [
      '/web/home',
      '/web/active',
      '/web/active/',
      '/web/profile',
      '/web/auth/signin',
      '/unauthorized',
    ])
      expect(linkPageFrame(path, '?lang=pt', titles), path).toBeUndefined();
  });

  it("says a link no route knows in the link's language, and leaves a Spanish one to the 404 page", () => {
    expect(linkPageFrame('/web/active/nada', '?lang=en', titles, true)).toEqual({
      lang: 'en',
      title: `${SHELL_TEXTS.en.notFoundTitle} · ${APP_NAME}`,
      loading: 'Loading…',
    });
    expect(linkPageFrame('/web/active/nada', '', titles, true)).toBeUndefined();
  });

  it("is written into index.html's root, title and splash, and nowhere else", () => {
    expect(spoken(INDEX_HTML)).toEqual({ lang: 'es', title: APP_NAME, status: SHELL_TEXTS.es.loading });
    const frame = { lang: 'pt-BR', title: 'Recebi · <Botão> & cia', loading: 'Carregando…' };
    const html = withFirstFrame(INDEX_HTML, frame);
    expect(spoken(html)).toEqual({
      lang: 'pt-BR',
      title: 'Recebi · &lt;Botão&gt; &amp; cia',
      status: 'Carregando…',
    });
    const rest = (text: string) =>
      text
        .replace(/<html lang="[^"]*"/, '')
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/data-splash-status>[^<]*</, '');
    expect(rest(html)).toBe(rest(INDEX_HTML));
  });
});
