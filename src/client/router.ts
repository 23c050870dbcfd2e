import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getSessionState } from './lib/session/session-store.ts';
import { indexRoute } from './routes/index.ts';
import { rootRoute } from './routes/root.tsx';
import { unauthorizedRoute } from './routes/unauthorized.tsx';
import { ackRoute } from './routes/web/active/ack/ack.ts';
import { activeIndexRoute, activeRoute } from './routes/web/active/active.ts';
import {
  acceptRoute,
  confirmContactRoute,
  contactTermsRoute,
  invalidRoute,
  unsubscribeRoute,
  verifyContactRoute,
} from './routes/web/active/contact-pages.ts';
import { authIndexRoute, authRoute } from './routes/web/auth/auth.ts';
import { firstContactRoute } from './routes/web/auth/contacts.ts';
import { signinRoute } from './routes/web/auth/signin.ts';
import { signupRoute } from './routes/web/auth/signup.ts';
import { verifyRoute } from './routes/web/auth/verify.ts';
import { checkInRoute } from './routes/web/check-in.ts';
import { contactDetailRoute } from './routes/web/contact-detail.ts';
import { contactRoute } from './routes/web/contact.ts';
import {
  deskAuditRoute,
  deskCaseRoute,
  deskIndexRoute,
  deskLayoutRoute,
  deskRoute,
  deskSearchRoute,
  deskSigninRoute,
  deskTeamRoute,
} from './routes/web/desk/desk.ts';
import { homeRoute } from './routes/web/home.ts';
import { authedRoute } from './routes/web/authed.ts';
import { practiceRoute } from './routes/web/practice/practice.ts';
import { profileRoute } from './routes/web/profile.ts';
import { webIndexRoute, webRoute } from './routes/web/web.ts';

const routeTree = rootRoute.addChildren([
  indexRoute,
  unauthorizedRoute,
  webRoute.addChildren([
    webIndexRoute,
    authedRoute.addChildren([homeRoute, profileRoute, contactRoute, contactDetailRoute, practiceRoute, checkInRoute]),
    authRoute.addChildren([authIndexRoute, signinRoute, verifyRoute, signupRoute, firstContactRoute]),
    activeRoute.addChildren([
      activeIndexRoute,
      unsubscribeRoute,
      acceptRoute,
      invalidRoute,
      verifyContactRoute,
      confirmContactRoute,
      contactTermsRoute,
      ackRoute,
    ]),
    deskRoute.addChildren([
      deskSigninRoute,
      deskLayoutRoute.addChildren([deskIndexRoute, deskTeamRoute, deskSearchRoute, deskAuditRoute, deskCaseRoute]),
    ]),
  ]),
]);

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, session: { getState: getSessionState } },
    defaultPreload: 'intent',
    // Loaders read the query cache; the cache decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Page title for analytics page views and document.title. */
    title?: string;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Where a guard's redirect came from. */
    from?: string;
  }
}
