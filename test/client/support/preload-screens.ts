import { createMemoryHistory } from '@tanstack/react-router';
import { beforeAll } from 'vitest';
import { createQueryClient } from '#client/lib/query-client.ts';
import { createAppRouter } from '#client/router.ts';

// Loading a screen's code can take longer than a wait: a lazy route's modules are transformed and
// evaluated on a test file's first visit, and on a 2-core machine shared by several test runs
// (load 30) going home after 'Guardar contacto' took more than 10 s, while the form still showed.
// The app fetches that code over the network; the tests judge the screens, not the transform.
const PRELOAD_MS = 120_000;

/**
 * Before the file's tests, loads the code of the screens at `paths` (every route on the way,
 * layouts included) as the router would on a visit: no guard, loader or request runs.
 */
export function preloadScreens(...paths: string[]): void {
  beforeAll(async () => {
    const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() });
    for (const path of paths) {
      const [matchedRoutes, , foundRoute] = router.getMatchedRoutes(path);
      if (!foundRoute) throw new Error(`preloadScreens: no screen at ${path}`);
      await Promise.all(matchedRoutes.map((route) => router.loadRouteChunk(route)));
    }
  }, PRELOAD_MS);
}
