import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { setCheckInSlot } from '#client/lib/home-slots.ts';
import { homeRules } from '../guards.ts';
import { authedRoute } from './authed.ts';

// Home's check-in block comes from its feature's own chunk; home's code only leaves it a place.
setCheckInSlot(() =>
  import('#client/features/check-in/check-in-home-slot.tsx').then((module) => ({ default: module.CheckInHomeSlot })),
);

export const homeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'home',
  staticData: { title: 'Inicio' },
  beforeLoad: homeRules,
  // Starts the contacts download beside the page's code, only when nothing is cached, and never
  // waits for it: home and its SOS button must render offline with an empty cache.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(contactsQueryOptions()).catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('#client/routes/web/-components/home/home-page.tsx'), 'HomePage'),
});
