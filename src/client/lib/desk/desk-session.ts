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

/** Why the server ended this tab's last desk session, for 'Entrar' to say. */
const ENDED_KEY = 'desk_session_ended';
const listeners = new Set<() => void>();

/** Told whenever this tab's desk session is kept or forgotten (the layout then goes to 'Entrar'). */
export function subscribeDeskSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function keepDeskSession(session: Stored): void {
  sessionStorage.setItem(KEY, JSON.stringify({ token: session.token, expiresAt: session.expiresAt }));
  sessionStorage.removeItem(ENDED_KEY);
  changed();
}

export function forgetDeskSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept.
  }
  changed();
}

/**
 * The server refused this tab's desk token (removed from the team, 30 minutes idle, 12 hours): it is
 * forgotten, and 'Entrar' says why in the words of that refusal.
 */
export function endDeskSession(why: string | undefined): void {
  // Already forgotten (a sign-out of one's own, or a refusal a moment ago that said why).
  if (deskToken() === undefined) return;
  try {
    sessionStorage.setItem(ENDED_KEY, why && why !== apiMessages.unauthorized ? why : apiMessages.staffSessionEnded);
  } catch {
    // Blocked storage: 'Entrar' shows without the reason.
  }
  forgetDeskSession();
}

/** Why the last desk session ended, until the next sign-in; undefined after a sign-out of one's own. */
export function deskSessionEndedWhy(): string | undefined {
  try {
    return sessionStorage.getItem(ENDED_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The desk's query keys start with this (in memory only: nothing of the desk is persisted). */
export const deskQueryRoot = 'desk';
export const deskMeKey = [deskQueryRoot, 'me'] as const;

/**
 * One desk API call with the desk token. Returns the envelope's `message`; throws ApiError
 * otherwise. A 401 means the session ended (12 h, 30 min idle, removed): it is forgotten with why,
 * and the desk's layout sends the screen to 'Entrar', which says why.
 */
export async function deskRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const token = deskToken();
  const reply = await sendJson({ method, path, body, token: token ?? '' });
  if (reply.status < 200 || reply.status >= 300) {
    const fallback = reply.status === 401 ? apiMessages.unauthorized : apiMessages.serverError;
    const error = new ApiError(reply.status, reply.data, fallback);
    // A 401 without a token is a sign-in refused (an unknown passkey), not a session ended.
    if (reply.status === 401 && token) endDeskSession(error.message);
    throw error;
  }
  return (reply.data as { message: T }).message;
}
