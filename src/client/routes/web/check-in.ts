import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRules } from '../guards.ts';
import { authedRoute } from './authed.ts';

/** 'Avísales si no vuelvo' from home: home's rules (signed in, with contacts, no alert running). */
export const checkInRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'check-in',
  staticData: { title: 'Avísales si no vuelvo' },
  beforeLoad: homeRules,
  component: lazyRouteComponent(() => import('./-components/check-in-page.tsx'), 'CheckInPage'),
});
