// Apart from api-reply.ts, which needs valibot: the SOS code reads reply texts
// too, and valibot is not in home's first download (DESIGN.md section 6).

/** The reply's `message` when it is text (invite, delete, a refused SOS), else the fallback. */
export function messageText(data: unknown, fallback: string): string {
  const message = typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
