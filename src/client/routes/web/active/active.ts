import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireActiveAlert } from '../../guards.ts';
import { webRoute } from '../web.ts';

/** Plain layout with the logo. Only the index needs a login; the contact pages work from an e-mail link. */
export const activeRoute = createRoute({
  getParentRoute: () => webRoute,
  path: 'active',
  component: lazyRouteComponent(() => import('#client/ui/plain-layout.tsx'), 'PlainLayout'),
});

export const activeIndexRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: '/',
  staticData: { title: 'Alerta activa' },
  beforeLoad: requireActiveAlert,
  component: lazyRouteComponent(() => import('./-components/active-alert-page.tsx'), 'ActiveAlertPage'),
});
