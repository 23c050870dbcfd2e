type MediaRange = { type: string; subtype: string; q: number };

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 });
  }
  return ranges;
}

/** The quality a caller gives text/html: its most specific matching range decides (RFC 9110, 12.5.1). */
function htmlQuality(ranges: MediaRange[]): number {
  const specificity = (range: MediaRange) =>
    range.type === 'text' && range.subtype === 'html'
      ? 2
      : range.type === 'text' && range.subtype === '*'
        ? 1
        : range.type === '*' && range.subtype === '*'
          ? 0
          : -1;
  let best: MediaRange | undefined;
  for (const range of ranges) {
    const rank = specificity(range);
    if (rank >= 0 && (best === undefined || rank > specificity(best))) best = range;
  }
  return best?.q ?? 0;
}

/**
 * Whether a page request should get the app shell: HTML is among the types the
 * caller likes best. No Accept header means anything goes, and the full wildcard
 * (curl's default) takes HTML as much as anything; a browser fetching an icon lists
 * images first and the wildcard only as a fallback, and gets a plain 404, not a page.
 */
export function prefersHtml(accept: string | undefined): boolean {
  const ranges = parseAccept(accept ?? '');
  if (ranges.length === 0) return true;
  const html = htmlQuality(ranges);
  return html > 0 && ranges.every((range) => range.q <= html);
}
