// The contact's pages live under /web/active/ (src/client/routes/web/active/contact-pages.ts);
// /web/active itself is the person's own alert screen.
const CONTACT_PAGES = /^\/web\/active\/./;

/** Whether a path is a page a contact opens from an e-mail, in their own language, never the person's app. */
export function isContactPage(pathname: string): boolean {
  return CONTACT_PAGES.test(pathname);
}
