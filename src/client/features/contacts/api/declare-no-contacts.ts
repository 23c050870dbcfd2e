import { apiRequest } from '#client/lib/api-client.ts';

/**
 * 'No tengo contactos de emergencia': the server remembers it, so later sessions
 * (a daily refresh, another phone) also count the person as having answered.
 * The app does not wait for it: the local count already lets the person in.
 */
export function declareNoContacts(): void {
  // Offline or failed: the next session asks again, which is harmless.
  apiRequest('POST', '/profile/no-contacts').catch(() => undefined);
}
