import { useSyncExternalStore } from 'react';
import { getAppUpdateState, subscribeAppUpdate, type AppUpdateState } from '#client/lib/app-update/app-update-store.ts';

export function useAppUpdate(): AppUpdateState {
  return useSyncExternalStore(subscribeAppUpdate, getAppUpdateState, getAppUpdateState);
}
