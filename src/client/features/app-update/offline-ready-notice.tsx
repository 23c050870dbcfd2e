import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { isContactPage } from '#client/lib/contact-language/contact-page.ts';
import { useAppUpdate } from './use-app-update.ts';
import './offline-ready-notice.css';

export const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

/**
 * Home and the alert screen say one thing each, with what to do right under it (the SOS button and
 * whether anyone will be told; the SMS): the line waits for the screen after them.
 */
const SOS_SCREENS = new Set(['/web/home', '/web/active']);

const isDeskPath = (path: string) => path === '/web/desk' || path.startsWith('/web/desk/');

type Phase =
  { kind: 'idle' } | { kind: 'waiting'; path: string } | { kind: 'showing'; path: string } | { kind: 'done' };

/**
 * Says once that the first install finished and the app now opens with no
 * network (STYLE.md 13). The install ends a moment after the first screen
 * appears, mid-sign-in; a line appearing then would move the form under the
 * person's thumb, and a toast would cover its button. So it shows at the top of
 * the next screen, arriving with that screen's content, and leaves with it. A
 * contact's page never shows it: it speaks the contact's language, and the
 * contact installed nothing.
 */
export function OfflineReadyNotice() {
  const { offlineReady } = useAppUpdate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  // Derived during render (React's "adjusting state on a prop change"), so the
  // line is in the very first paint of the next screen, never added after it.
  let next = phase;
  if (next.kind === 'idle' && offlineReady) next = { kind: 'waiting', path: pathname };
  if (next.kind === 'waiting' && pathname !== next.path)
    next = SOS_SCREENS.has(pathname) ? { kind: 'waiting', path: pathname } : { kind: 'showing', path: pathname };
  if (next.kind === 'showing' && pathname !== next.path) next = { kind: 'done' };
  if (next !== phase) setPhase(next);

  // Nor the firm's desk: staff installed nothing, and the desk needs the network to show anything live.
  if (next.kind !== 'showing' || isContactPage(next.path) || isDeskPath(next.path)) return null;
  return (
    <p className="offline-ready-notice" role="status">
      {READY_OFFLINE}
    </p>
  );
}
