import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { webRoute } from './web.ts';

/**
 * Everything behind sign-in (home, check-in, practice, profile and the contact pages), in one
 * pathless layout: its guard runs before any child's, so no child repeats it, and a screen added
 * under it is guarded without a line of its own. Draws the header and the bottom navigation.
 */
export const authedRoute = createRoute({
  getParentRoute: () => webRoute,
  id: '_authed',
  beforeLoad: requireView,
  component: lazyRouteComponent(() => import('#client/routes/web/-components/home/main-layout.tsx'), 'MainLayout'),
});
