import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Language } from '#shared/language.ts';
import { isSessionValid } from '#client/lib/session/session-validity.ts';
import type { RouterContext } from './router-context.ts';

// SPEC.md section 2, one named rule per sentence. Each rule is a pure read of the
// session (beforeLoad also runs on preload) and sends the person elsewhere with
// a replace navigation that remembers where they were going.

export interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
}

type Target =
  '/web/home' | '/web/active' | '/web/auth/signin' | '/web/auth/verify' | '/web/auth/signup' | '/web/auth/contacts';

function sendTo(to: Target, location: ParsedLocation): never {
  throw redirect({ to, replace: true, state: { from: location.href } });
}

function readAuth({ context }: GuardArgs) {
  const { auth } = context.session.getState();
  return { auth, loggedIn: isSessionValid(auth) };
}

/** Every screen behind sign-in needs the 'view' permission, else signin: the _authed layout's guard (web/authed.ts). */
export function requireView(args: GuardArgs): void {
  if (!readAuth(args).loggedIn) sendTo('/web/auth/signin', args.location);
}

/** Home: with no contacts yet, the first-contact screen comes first. */
export function requireContacts(args: GuardArgs): void {
  if (readAuth(args).auth.contacts < 1) sendTo('/web/auth/contacts', args.location);
}

/** Home: while an alert is active, the active-alert screen is home. */
export function redirectActiveAlert(args: GuardArgs): void {
  if (readAuth(args).auth.alert_status) sendTo('/web/active', args.location);
}

/** /web/home: after the _authed layout's sign-in, the other two rules, in the order SPEC.md lists them. */
export function homeRules(args: GuardArgs): void {
  requireContacts(args);
  redirectActiveAlert(args);
}

/** Signin: someone who may already view home goes there. */
export function redirectViewerHome(args: GuardArgs): void {
  if (readAuth(args).loggedIn) sendTo('/web/home', args.location);
}

/** Verify: logged in -> home; e-mail and code known -> signup; no e-mail -> signin. */
export function verifyRule(args: GuardArgs): void {
  const { auth, loggedIn } = readAuth(args);
  if (loggedIn) sendTo('/web/home', args.location);
  if (auth.email && auth.code) sendTo('/web/auth/signup', args.location);
  if (!auth.email) sendTo('/web/auth/signin', args.location);
}

/** Signup: logged in -> home; neither e-mail nor code -> signin. */
export function signupRule(args: GuardArgs): void {
  const { auth, loggedIn } = readAuth(args);
  if (loggedIn) sendTo('/web/home', args.location);
  if (!auth.email && !auth.code) sendTo('/web/auth/signin', args.location);
}

/** First contact: no user -> signin; someone with a contact already -> home. */
export function contactsRule(args: GuardArgs): void {
  const { auth, loggedIn } = readAuth(args);
  if (!loggedIn) sendTo('/web/auth/signin', args.location);
  if (auth.contacts >= 1) sendTo('/web/home', args.location);
}

/**
 * The contact pages work from the token in an e-mailed link: a link without one is an invalid link,
 * told in the contact's language (the link's `?lang`, which validateLinkTokenSearch keeps).
 */
export function requireLinkToken({ search }: { search: { token?: string; lang?: Language } }): void {
  if (!search.token)
    throw redirect({ to: '/web/active/invalid', search: search.lang ? { lang: search.lang } : {}, replace: true });
}

/** /web/active itself: needs 'view' and an active alert, else signin. Its sibling pages need no login. */
export function requireActiveAlert(args: GuardArgs): void {
  const { auth, loggedIn } = readAuth(args);
  if (!loggedIn || !auth.alert_status) sendTo('/web/auth/signin', args.location);
}
