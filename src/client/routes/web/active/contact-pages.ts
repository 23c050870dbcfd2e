import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireLinkToken } from '../../guards.ts';
import { activeRoute } from './active.ts';
import { validateLinkTokenSearch } from './link-token-search.ts';

// The pages a contact reaches from an e-mail: no login, only the token in the link.

export const unsubscribeRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'unsubscribe',
  staticData: { title: 'Baja de correos' },
  validateSearch: validateLinkTokenSearch,
  beforeLoad: requireLinkToken,
  component: lazyRouteComponent(() => import('./-components/unsubscribe-page.tsx'), 'UnsubscribePage'),
});

export const acceptRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'accept',
  staticData: { title: 'Te damos la bienvenida' },
  // The token for turning on phone notifications (src/client/features/push); the page works without it.
  validateSearch: validateLinkTokenSearch,
  component: lazyRouteComponent(() => import('./-components/accept-page.tsx'), 'AcceptPage'),
});

export const invalidRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'invalid',
  staticData: { title: 'Token Inválido' },
  component: lazyRouteComponent(() => import('./-components/invalid-page.tsx'), 'InvalidPage'),
});

/** The same screen as confirm?token=, with the token in the path. */
export const verifyContactRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'verify/$token',
  staticData: { title: 'Confirmar contacto' },
  component: lazyRouteComponent(() => import('./-components/confirm-contact-page.tsx'), 'VerifyContactPage'),
});

export const confirmContactRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'confirm',
  staticData: { title: 'Confirmar contacto' },
  validateSearch: validateLinkTokenSearch,
  beforeLoad: requireLinkToken,
  component: lazyRouteComponent(() => import('./-components/confirm-contact-page.tsx'), 'ConfirmContactPage'),
});

/** The terms a contact accepted, in their language, linked from every page above. */
export const contactTermsRoute = createRoute({
  getParentRoute: () => activeRoute,
  path: 'terms',
  staticData: { title: 'Términos y condiciones' },
  validateSearch: validateLinkTokenSearch,
  component: lazyRouteComponent(() => import('./-components/contact-terms-page.tsx'), 'ContactTermsPage'),
});
