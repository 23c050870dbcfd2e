import type { ContactTexts } from './contact-texts/index.ts';

// The one place that says which title each contact page gives itself. The server and the service
// worker title a page's first frame with it (link-page-frame.ts), and the page keeps that title once
// drawn (use-contact-language.ts): both read it here, so the two cannot drift apart.

/** Each contact page's path (routes/web/active) by the catalogue key of its title. */
const CONTACT_PAGE_PATHS = {
  confirmTitle: /^\/web\/active\/(confirm|verify\/[^/]+)\/?$/i,
  termsTitle: /^\/web\/active\/terms\/?$/i,
  acceptTitle: /^\/web\/active\/accept\/?$/i,
  invalidTitle: /^\/web\/active\/invalid\/?$/i,
  unsubscribeTitle: /^\/web\/active\/unsubscribe\/?$/i,
  ackTitle: /^\/web\/active\/ack\/[^/]+\/?$/i,
} as const satisfies Partial<Record<keyof ContactTexts, RegExp>>;

export type TitleKey = keyof typeof CONTACT_PAGE_PATHS;

/** The catalogue keys of the contact pages' titles. */
export const PAGE_TITLE_KEYS = Object.keys(CONTACT_PAGE_PATHS) as TitleKey[];

/** The title key of the contact page at `pathname`, or undefined for every other page. */
export function contactPageTitleKey(pathname: string): TitleKey | undefined {
  return PAGE_TITLE_KEYS.find((key) => CONTACT_PAGE_PATHS[key].test(pathname));
}
