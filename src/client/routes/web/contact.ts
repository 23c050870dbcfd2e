import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authed.ts';

export const contactRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'contact',
  staticData: { title: 'Agregar Contacto' },
  component: lazyRouteComponent(() => import('./-components/contact-page.tsx'), 'ContactPage'),
});
