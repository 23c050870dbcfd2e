import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY, STORAGE_KEY } from '#shared/constants.ts';

const WEEK_MS = 7 * 24 * 60 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Offline first: a query runs once even offline, so loaders never hang (FIELD-NOTES).
      queries: { networkMode: 'offlineFirst', gcTime: WEEK_MS, staleTime: 30_000 },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

const persister = createAsyncStoragePersister({
  storage: encryptedAsyncStorage,
  key: QUERY_STORE_KEY,
  throttleTime: 1000,
});

/** Restores the encrypted cache, then keeps it saved. gcTime is not shorter than maxAge, so restored data stays. */
export async function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  const options = { queryClient, persister, maxAge: WEEK_MS, buster: STORAGE_KEY };
  await persistQueryClientRestore(options);
  persistQueryClientSubscribe(options);
}
