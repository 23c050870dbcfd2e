import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App } from '#client/app.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { createAppRouter } from '#client/router.ts';

const queryClients: QueryClient[] = [];

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// Clearing each test's query client also cancels its pending retries, which would
// otherwise call the next test's fetch stub.
afterEach(() => {
  cleanup();
  for (const queryClient of queryClients.splice(0)) queryClient.clear();
});

// jsdom has no scrolling; the router restores scroll positions on every navigation.
window.scrollTo = () => undefined;

/** The real router over a memory history, as a person opening that address would get it. */
export function createTestRouter(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClients.push(queryClient);
  const router = createAppRouter({ queryClient, history });
  return { router, history, queryClient };
}

/** `seed` fills the query cache before the first render, as a restored cache would be. */
export function renderApp(path: string, { seed }: { seed?: (queryClient: QueryClient) => void } = {}) {
  const setup = createTestRouter(path);
  seed?.(setup.queryClient);
  const view = render(<App router={setup.router} queryClient={setup.queryClient} />);
  return { ...setup, ...view };
}
