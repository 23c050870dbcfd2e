import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const contactRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'contact',
  staticData: { title: 'Agregar Contacto' },
  beforeLoad: requireView,
  component: lazyRouteComponent(() => import('./-components/contact-page.tsx'), 'ContactPage'),
});
