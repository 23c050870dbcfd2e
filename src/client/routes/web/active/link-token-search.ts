import * as v from 'valibot';

/**
 * `?token=` of an e-mailed link. The router reads search values as JSON, so an
 * all-digit token would arrive as a number: it is turned back into text.
 */
const linkTokenSearchSchema = v.object({
  token: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
});

export function validateLinkTokenSearch(search: Record<string, unknown>): { token?: string } {
  const result = v.safeParse(linkTokenSearchSchema, search);
  return result.success ? result.output : {};
}
