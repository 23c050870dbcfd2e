import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRules } from '../../guards.ts';
import { authedRoute } from '../authed.ts';

/**
 * 'Probar alerta' from home: its own screen; /web/active stays for
 * real alerts. Home's rules: signed in, with contacts, and never during an
 * alert (its screen comes first, and the contacts must not read PRUEBA then).
 */
export const practiceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'practice',
  staticData: { title: 'Alerta de prueba' },
  beforeLoad: homeRules,
  component: lazyRouteComponent(() => import('./-components/practice-page.tsx'), 'PracticePage'),
});
