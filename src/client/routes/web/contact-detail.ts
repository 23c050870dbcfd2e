import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const contactDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'contact/$contactId',
  staticData: { title: 'Contacto' },
  beforeLoad: requireView,
  component: lazyRouteComponent(() => import('./-components/contact-detail-page.tsx'), 'ContactDetailPage'),
});
