import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { activeRoute } from '../active.ts';

/** A contact's 'Lo tengo' page, from the alert e-mail: no login, only the token in the link. */
export const ackRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'ack/$token',
  staticData: { title: 'Lo tengo' },
  component: lazyRouteComponent(() => import('./-components/ack-page.tsx'), 'AckPage'),
});
