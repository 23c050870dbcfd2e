import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const profileRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'profile',
  staticData: { title: 'Perfil' },
  beforeLoad: requireView,
  // A head start, never awaited: the screen shows its own loading state. Imported here, not at
  // the top, so the profile code stays out of the first download (home's budget).
  loader: ({ context }) => {
    import('#client/features/profile/api/get-profile.ts')
      .then(({ profileQueryOptions }) => context.queryClient.ensureQueryData(profileQueryOptions()))
      .catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./-components/profile-page.tsx'), 'ProfilePage'),
});
