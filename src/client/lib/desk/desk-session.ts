import { ApiError } from '#client/lib/api-error.ts';
import { sendJson, type HttpMethod } from '#client/lib/http.ts';
import * as apiMessages from '#shared/api-messages.ts';

// The desk's session, apart from the person's: its own token, kept in this tab only
// (sessionStorage), never in the encrypted store of the person's app, so that closing the tab
// of a shared computer leaves nothing behind. Every desk feature calls the API through here.

const KEY = 'desk_session';

type Stored = { token: string; expiresAt: string };

export function deskToken(): string | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.token !== 'string' || typeof stored.expiresAt !== 'string') return undefined;
    return Date.parse(stored.expiresAt) > Date.now() ? stored.token : undefined;
  } catch {
    return undefined;
  }
}

export function keepDeskSession(session: Stored): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token: session.token, expiresAt: session.expiresAt }));
}

export function forgetDeskSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/** The desk's query keys start with this (in memory only: nothing of the desk is persisted). */
export const deskQueryRoot = 'desk';
export const deskMeKey = [deskQueryRoot, 'me'] as const;

/**
 * One desk API call with the desk token. Returns the envelope's `message`; throws ApiError
 * otherwise. A 401 means the session ended (12 h, 30 min idle, removed): it is forgotten, and
 * the desk's layout sends the screen to 'Entrar'.
 */
export async function deskRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const reply = await sendJson({ method, path, body, token: deskToken() ?? '' });
  if (reply.status === 401) forgetDeskSession();
  if (reply.status < 200 || reply.status >= 300) {
    const fallback = reply.status === 401 ? apiMessages.unauthorized : apiMessages.serverError;
    throw new ApiError(reply.status, reply.data, fallback);
  }
  return (reply.data as { message: T }).message;
}
