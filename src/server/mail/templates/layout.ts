import { APP_NAME } from '#shared/constants.ts';
import type { Language } from '#shared/language.ts';
import { escapeHtml } from './escape-html.ts';

/** A plain, inline-styled frame: mail clients ignore style sheets and block remote images. */
export function htmlLayout(title: string, bodyHtml: string, language: Language = 'es'): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b91c1c">${escapeHtml(APP_NAME)}</p>
${bodyHtml}
</div>
</body>
</html>`;
}
