import { APP_NAME } from '#shared/constants.ts';
import { DEFAULT_LANGUAGE, HTML_LANG, type Language } from '#shared/language.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * A plain, inline-styled frame: mail clients ignore style sheets and block remote images.
 * `lang` on the root says the language to screen readers and translators, and is
 * where the transport reads the e-mail's Content-Language (htmlLanguage).
 */
export function htmlLayout(title: string, bodyHtml: string, language: Language = DEFAULT_LANGUAGE): string {
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b91c1c">${escapeHtml(APP_NAME)}</p>
${bodyHtml}
</div>
</body>
</html>`;
}

/**
 * The language tag an HTML part of ours declares on its root ('es', 'pt-BR', 'ht'), for the
 * Content-Language header. Read from the HTML because the outbox keeps some kinds already
 * rendered, so the HTML is the one record of the language every row has; Spanish when absent.
 */
export function htmlLanguage(html: string): string {
  return (
    /^<!doctype html>\s*<html lang="([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)">/i.exec(html)?.[1] ??
    HTML_LANG[DEFAULT_LANGUAGE]
  );
}
