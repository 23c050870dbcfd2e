import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, type Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY, STORAGE_KEY } from '#shared/constants.ts';
import { ApiError } from './api-error.ts';
import { takeEarlyRead } from './session/early-reads.ts';

const WEEK_MS = 7 * 24 * 60 * 60_000;

/**
 * The first element of every query key that is kept across restarts (encrypted,
 * under `persist:sos-v8:queries`). Features build their keys from these; any
 * other query lives in memory only.
 */
export const queryRoots = { contacts: 'contacts', profile: 'profile', checkIn: 'check-in' } as const;
const persistedRoots: ReadonlySet<unknown> = new Set(Object.values(queryRoots));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline first: a query runs once even offline, so loaders never hang (FIELD-NOTES).
        networkMode: 'offlineFirst',
        gcTime: WEEK_MS,
        staleTime: 30_000,
        // A 4xx answer (404 contact, 401) will not change by asking again.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function isPersisted(query: Query): boolean {
  return query.state.status === 'success' && persistedRoots.has(query.queryKey[0]);
}

/** The encrypted store, whose first read may already be under way (early-reads.ts). */
const storage: typeof encryptedAsyncStorage = {
  ...encryptedAsyncStorage,
  getItem: (key) => takeEarlyRead(key)?.then((value) => value ?? null) ?? encryptedAsyncStorage.getItem(key),
};

function persistOptions(queryClient: QueryClient) {
  return {
    queryClient,
    // Every answer is written as soon as the write before it has ended. With a throttle of a second, a
    // phone put away, closed or dead within it reopened with the answer before.
    persister: createAsyncStoragePersister({ storage, key: QUERY_STORE_KEY, throttleTime: 0 }),
    maxAge: WEEK_MS,
    buster: STORAGE_KEY,
    // Only successful contacts and profile data; never mutations (their variables hold e-mails and names).
    dehydrateOptions: { shouldDehydrateQuery: isPersisted, shouldDehydrateMutation: () => false },
  };
}

/**
 * Restores the encrypted cache, then keeps it saved (one write at a time, each with the latest
 * answers). gcTime is not shorter than maxAge, so restored data stays. Resolves with a function
 * that stops saving.
 */
export async function restoreQueryCache(queryClient: QueryClient): Promise<() => void> {
  const options = persistOptions(queryClient);
  await persistQueryClientRestore(options);
  // What was saved shows at once, but a reopened app asks the server again on the
  // first screen that uses it (a contact may have confirmed since): stale, not refetched here.
  await queryClient.invalidateQueries({ refetchType: 'none' });
  return persistQueryClientSubscribe(options);
}

/**
 * Saves the cache now, beside the write that may be under way, and resolves once it is on disk
 * (the state store's writes are strict): for what a screen is about to say is set
 * (a check-in set without signal), which a phone closed or dead right after must reopen with.
 * Best effort, like every save of this cache: a failed write resolves too.
 */
export function saveQueryCacheNow(queryClient: QueryClient): Promise<void> {
  return persistQueryClientSave(persistOptions(queryClient));
}

/**
 * Sign-out and an ended session: the cached contacts and profile belong to the
 * person who just left, in memory and on disk. (A save already under way may
 * still land, but it is followed by the save of the empty cache.)
 */
export async function clearQueryCache(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  await encryptedAsyncStorage.removeItem(QUERY_STORE_KEY);
}
