import { API_PREFIX, HTTP_TIMEOUT_MS } from '#shared/constants.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { ApiError } from './api-error.ts';
import { readMeta } from './meta-tags.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Path under /api, starting with a slash. */
  path: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  token?: string;
  /** Extra headers of this call (the SOS call's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface HttpReply {
  status: number;
  data: unknown;
}

/**
 * One JSON request with the 10 s timeout. Resolves with any HTTP reply (the
 * caller decides what a status means); rejects with an ApiError of status 0
 * when no reply came (offline, timeout).
 */
export async function sendJson(request: HttpRequest): Promise<HttpReply> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  const csrf = readMeta('csrf-token');
  if (csrf) headers['X-CSRF-TOKEN'] = csrf;
  const apiToken = readMeta('api-token');
  if (apiToken) headers['X-API-TOKEN'] = apiToken;

  // A timer rather than AbortSignal.timeout(): it is the one clock tests can drive.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);

  try {
    const response = await fetch(`${API_PREFIX}${request.path}${queryString(request.query)}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
    return { status: response.status, data: await readBody(response) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw noReplyError(timedOut ? apiMessages.timeout : apiMessages.networkError);
  } finally {
    clearTimeout(timer);
  }
}

/** The error of a call that got no reply it could use: offline, timed out, or a session refresh the server could not answer. */
export function noReplyError(message: string = apiMessages.networkError): ApiError {
  return new ApiError(0, { success: false, message }, message);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function queryString(query: HttpRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
