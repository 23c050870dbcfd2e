import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY } from '#shared/constants.ts';

/**
 * The queries the encrypted cache holds on disk. After a sign-out or an ended session that is none:
 * the cache removed, or (a save under way lands after the removal) the empty cache saved after it.
 */
export async function storedQueries(): Promise<unknown[]> {
  const stored = await encryptedAsyncStorage.getItem(QUERY_STORE_KEY);
  return stored === null ? [] : (JSON.parse(stored) as { clientState: { queries: unknown[] } }).clientState.queries;
}
