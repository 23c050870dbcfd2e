import { PIN_HEADER } from '#shared/api/pins.ts';
import { apiRequest, type ApiRequestOptions } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import type { HttpMethod } from '../http.ts';
import { PIN_GUARD_CANCELLED } from './pin-guard-texts.ts';
import { askPin } from './pin-prompt-store.ts';

/**
 * A call the server may guard while the person's alert or check-in is on
 * (src/server/pins/seized-phone-guard.ts): deleting a contact, unmarking who
 * receives the detention information, replacing or deleting that information,
 * closing the other sessions. Sent first without a PIN; when the server asks for
 * one (422 on `pin`), the PIN prompt asks the person and the call goes again with
 * the PIN in PIN_HEADER, as often as the person tries:
 *
 * - a wrong PIN: the server's message in the prompt, which stays open;
 * - the real PIN, or the duress PIN (the server answers it as success): the reply,
 *   exactly as without a guard;
 * - any other refusal (the 409 with no PINs set, offline...): thrown as ApiError,
 *   for the screen to show as it shows any failure;
 * - the prompt closed: an ApiError with PIN_GUARD_CANCELLED.
 */
export async function pinGuardedRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  let hint: string | undefined;
  try {
    return await apiRequest<T>(method, path, options);
  } catch (error) {
    if (pinRefusal(error) === undefined) throw error;
    hint = noticeOf(error as ApiError);
  }
  return new Promise<T>((resolve, reject) =>
    askPin((close) => ({
      ...(hint ? { hint } : {}),
      submit: async (pin) => {
        try {
          const reply = await apiRequest<T>(method, path, {
            ...options,
            headers: { ...options.headers, [PIN_HEADER]: pin },
          });
          close();
          resolve(reply);
          return null;
        } catch (error) {
          const refusal = pinRefusal(error);
          if (refusal !== undefined) return refusal;
          close();
          reject(error);
          return null;
        }
      },
      cancel: () => {
        close();
        reject(new ApiError(422, { success: false, message: PIN_GUARD_CANCELLED }, PIN_GUARD_CANCELLED));
      },
    })),
  );
}

/** Why the server asks for the PIN, named for what is on (an alert or a check-in), when it said. */
function noticeOf(error: ApiError): string | undefined {
  const data = error.data as { notice?: unknown } | null;
  return typeof data?.notice === 'string' && data.notice !== '' ? data.notice : undefined;
}

/** The server's message when it refused for the PIN (missing or wrong); undefined for any other outcome. */
function pinRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return error.fieldErrors?.pin?.[0];
}
