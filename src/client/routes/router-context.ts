import type { QueryClient } from '@tanstack/react-query';
import type { SessionState } from '#shared/browser/session-state.ts';

/** What every route's beforeLoad and loader receive. The session is read at call time, never captured. */
export interface RouterContext {
  queryClient: QueryClient;
  session: { getState: () => SessionState };
}
