import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App } from '#client/app.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { createAppRouter } from '#client/router.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => undefined;

/** The real router over a memory history, as a person opening that address would get it. */
export function createTestRouter(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history });
  return { router, history, queryClient };
}

export function renderApp(path: string) {
  const setup = createTestRouter(path);
  const view = render(<App router={setup.router} queryClient={setup.queryClient} />);
  return { ...setup, ...view };
}
