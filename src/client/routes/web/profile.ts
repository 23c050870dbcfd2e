import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authed.ts';

export const profileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'profile',
  staticData: { title: 'Perfil' },
  // A head start, never awaited: the screen shows its own loading state. Imported here, not at
  // the top, so the profile code stays out of the first download (home's budget).
  loader: ({ context }) => {
    import('#client/api/profile.ts')
      .then(({ profileQueryOptions }) => context.queryClient.ensureQueryData(profileQueryOptions()))
      .catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./-components/profile-page.tsx'), 'ProfilePage'),
});
