import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contactsRule } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const firstContactRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'contacts',
  staticData: { title: 'Primer contacto' },
  beforeLoad: contactsRule,
  component: lazyRouteComponent(() => import('./-components/first-contact-page.tsx'), 'FirstContactPage'),
});
