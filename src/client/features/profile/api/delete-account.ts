import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';

/**
 * DELETE /api/profile. While an alert or a check-in is on it asks for the PIN
 * (pin-guarded-request.ts), and the server keeps the account until the alert
 * really ends (src/server/profile/deferred-deletion.ts); the reply is the same.
 */
export async function deleteAccount(): Promise<void> {
  await pinGuardedRequest('DELETE', '/profile');
}
