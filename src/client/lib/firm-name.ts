import { useSyncExternalStore } from 'react';
import { currentAppConfig, subscribeAppConfig } from './meta-tags.ts';

/** The firm's name before any config was ever read (the server's own default). */
const DEFAULT_FIRM_NAME = 'IAD';

/** The firm that offers the app (FIRM_NAME), as the server's app config names it. */
export function useFirmName(): string {
  const config = useSyncExternalStore(subscribeAppConfig, currentAppConfig, currentAppConfig);
  return (config as { firmName?: string }).firmName ?? DEFAULT_FIRM_NAME;
}
