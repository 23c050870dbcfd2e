import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { QUERY_STORE_KEY } from '#shared/constants.ts';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { profileQueryOptions } from '#client/api/profile.ts';
import { createQueryClient, restoreQueryCache } from '#client/lib/query-client.ts';
import { forgetSessionOnExpiry } from '#client/lib/forget-on-expiry.ts';
import { expireSession, onSessionExpired } from '#client/lib/session/session-expiry.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { expectConsole } from '../../support/fail-on-console.ts';
import { aContact } from '../support/contacts.ts';
import { signIn } from '../support/session.ts';
import { storedQueries } from '../support/stored-queries.ts';

const stops: Array<() => void> = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  onSessionExpired(() => undefined);
  resetAll();
  await encryptedAsyncStorage.removeItem(QUERY_STORE_KEY);
});

describe('a session that ends by itself (a 401 a refresh could not cure)', () => {
  it("forgets the person's cached contacts and profile, in memory and on disk, and goes to sign-in", async () => {
    expectConsole('warn');
    signIn();
    const queryClient = createQueryClient();
    stops.push(await restoreQueryCache(queryClient));
    queryClient.setQueryData(contactsQueryOptions().queryKey, [aContact({ email: 'secreto@example.com' })]);
    queryClient.setQueryData(profileQueryOptions().queryKey, {
      id: 'u1',
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'López',
      phone: '+13055550123',
    });
    await vi.waitFor(async () =>
      expect(await encryptedAsyncStorage.getItem(QUERY_STORE_KEY)).toContain('secreto@example.com'),
    );
    const goToSignin = vi.fn();
    forgetSessionOnExpiry(queryClient, goToSignin);

    expireSession();

    // Once the ended session is stored (test/client/features/auth/session-stored-first.test.tsx).
    await vi.waitFor(() => expect(goToSignin).toHaveBeenCalledOnce());
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(getSessionState()).toEqual(defaultSessionState());
    await vi.waitFor(async () => expect(await storedQueries()).toEqual([]));
  });
});
