import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { activeRoute } from './active.ts';

// The pages a contact reaches from an e-mail: no login. Their content comes with the contacts issue.

export const unsubscribeRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'unsubscribe',
  staticData: { title: 'Baja de correos' },
  component: lazyRouteComponent(() => import('./-components/unsubscribe-page.tsx'), 'UnsubscribePage'),
});

export const acceptRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'accept',
  staticData: { title: 'Bienvenido' },
  component: lazyRouteComponent(() => import('./-components/accept-page.tsx'), 'AcceptPage'),
});

export const invalidRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'invalid',
  staticData: { title: 'Token Inválido' },
  component: lazyRouteComponent(() => import('./-components/invalid-page.tsx'), 'InvalidPage'),
});

export const verifyContactRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'verify/$token',
  staticData: { title: 'Confirmar contacto' },
  component: lazyRouteComponent(() => import('./-components/confirm-contact-page.tsx'), 'ConfirmContactPage'),
});

export const confirmContactRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'confirm',
  staticData: { title: 'Confirmar contacto' },
  component: lazyRouteComponent(() => import('./-components/confirm-contact-page.tsx'), 'ConfirmContactPage'),
});
