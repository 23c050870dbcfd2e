import { createMemoryHistory } from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { App } from '#client/app.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { createAppRouter } from '#client/router.ts';

// Loaded at build time by vite-plugins/public-screens.ts (through a Vite server, in Node), never in
// the app: the real app, router and components, with a signed-out session and no stored data, so
// the markup of a public screen's first frame is what the app itself renders there.

/** The app's first frame at `path`, as static markup (the session signed out, nothing stored). */
export async function renderPublicScreen(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToStaticMarkup(<App router={router} queryClient={queryClient} />);
}

/** Every path pattern the app's router knows ('/web/contact/$contactId'): any other path is its 404. */
export function routePatterns(): string[] {
  const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() });
  return Object.keys(router.routesByPath);
}
