import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { homeRules } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const homeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'home',
  staticData: { title: 'Inicio' },
  beforeLoad: homeRules,
  component: lazyRouteComponent(() => import('./-components/home-page.tsx'), 'HomePage'),
});
