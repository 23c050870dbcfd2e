import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SIGNIN_TITLE } from '#client/features/auth/auth-texts.ts';
import { yieldToMain } from '#client/lib/first-paint.ts';
import { redirectViewerHome } from '../../guards.ts';
import { authRoute } from './auth.ts';

export const signinRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'signin',
  staticData: { title: SIGNIN_TITLE },
  beforeLoad: redirectViewerHome,
  // The screen's code is asked for from a task of its own: the router's first load (the route tree
  // matched, the guards run) and the fetch of this chunk with its files (Vite's helper adds a preload
  // link for each) were one task too long for a slow phone, which meanwhile could not take a tap on
  // the form painted from the HTML. The person sees that form meanwhile; the app takes it over a task later.
  component: lazyRouteComponent(
    () => yieldToMain().then(() => import('#client/features/auth/signin/signin-screen.tsx')),
    'SigninScreen',
  ),
});
