import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { Contact } from '#shared/api/contacts.ts';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { useAppUpdate } from './use-app-update.ts';
import './offline-ready-notice.css';

export const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

const HOME = '/web/home';

/**
 * Screens after which home has more to say than this line: sign-in, sign-up and the first contact
 * (home then says whether anyone will be told), and the alert screen (home after an alert).
 */
const isAfterNothingUrgent = (path: string) => !path.startsWith('/web/auth') && path !== '/web/active';

/** Someone gets the alert's e-mail, as the list cached on this phone says: home then has room for the line. */
const someoneConfirmed = (contacts: unknown) =>
  Array.isArray(contacts) &&
  contacts.some((contact: Partial<Contact> | null) => contact?.email_verified_at && !contact.unsubscribed_at);

type Phase =
  { kind: 'idle' } | { kind: 'waiting'; path: string } | { kind: 'showing'; path: string } | { kind: 'done' };

/**
 * Says once that the first install finished and the app now opens with no network (STYLE.md 13),
 * on home only: it is the person's news, so never on a contact's page (which speaks the contact's
 * language; the contact installed nothing) nor on the firm's desk, and it never takes the top of a
 * form being filled in (sign-in, sign-up, the first contact). The install ends a moment after the
 * first screen appears; a line appearing then would move the screen under the person's thumb, so it
 * waits for an arrival on home, coming with that screen's content, and leaves with it. Home must
 * first have room: not while it warns that nobody will be told, nor just after signing in or an alert.
 */
export function OfflineReadyNotice() {
  const { offlineReady } = useAppUpdate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  // Derived during render (React's "adjusting state on a prop change"), so the
  // line is in the very first paint of home, never added after it.
  let next = phase;
  if (next.kind === 'idle' && offlineReady) next = { kind: 'waiting', path: pathname };
  if (next.kind === 'waiting' && pathname !== next.path) {
    const shows =
      pathname === HOME &&
      isAfterNothingUrgent(next.path) &&
      someoneConfirmed(queryClient.getQueryData(contactsQueryOptions().queryKey));
    next = shows ? { kind: 'showing', path: pathname } : { kind: 'waiting', path: pathname };
  }
  if (next.kind === 'showing' && pathname !== next.path) next = { kind: 'done' };
  if (next !== phase) setPhase(next);

  if (next.kind !== 'showing') return null;
  return (
    <p className="offline-ready-notice" role="status">
      {READY_OFFLINE}
    </p>
  );
}
