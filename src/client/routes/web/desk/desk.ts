import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { webRoute } from '../web.ts';

// The firm's response desk (docs/desk.md). Only these route objects are in the person's first
// download; every screen of the desk is its own lazy chunk (home's budget).

/** /web/desk: the path itself; 'Entrar' and the signed-in layout hang under it. */
export const deskRoute = createRoute({
  getParentRoute: () => webRoute,
  path: 'desk',
});

/** Every desk screen behind a desk session: the layout sends to 'Entrar' without one. */
export const deskLayoutRoute = createRoute({
  getParentRoute: () => deskRoute,
  id: '_desk',
  staticData: { title: 'Escritorio' },
  component: lazyRouteComponent(() => import('./-components/desk-layout-page.tsx'), 'DeskLayoutPage'),
});

export const deskIndexRoute = createRoute({
  getParentRoute: () => deskLayoutRoute,
  path: '/',
  staticData: { title: 'Alertas activas' },
  component: lazyRouteComponent(() => import('./-components/desk-index-page.tsx'), 'DeskIndexPage'),
});

export const deskSigninRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: 'entrar',
  staticData: { title: 'Entrar al escritorio' },
  component: lazyRouteComponent(() => import('./-components/desk-signin-page.tsx'), 'DeskSigninPage'),
});

export const deskTeamRoute = createRoute({
  getParentRoute: () => deskLayoutRoute,
  path: 'equipo',
  staticData: { title: 'Equipo' },
  component: lazyRouteComponent(() => import('./-components/desk-team-page.tsx'), 'DeskTeamPage'),
});

export const deskSearchRoute = createRoute({
  getParentRoute: () => deskLayoutRoute,
  path: 'buscar',
  staticData: { title: 'Buscar' },
  component: lazyRouteComponent(() => import('./-components/desk-search-page.tsx'), 'DeskSearchPage'),
});

export const deskAuditRoute = createRoute({
  getParentRoute: () => deskLayoutRoute,
  path: 'registro',
  staticData: { title: 'Registro' },
  component: lazyRouteComponent(() => import('./-components/desk-audit-page.tsx'), 'DeskAuditPage'),
});

/** One case, at the address the escalation e-mail links to (deskCaseUrl). */
export const deskCaseRoute = createRoute({
  getParentRoute: () => deskLayoutRoute,
  path: '$alertId',
  staticData: { title: 'Caso' },
  component: lazyRouteComponent(() => import('./-components/desk-case-page.tsx'), 'DeskCasePage'),
});
