import { createContext, useContext } from 'react';
import type { HttpMethod } from '#client/lib/http.ts';

/** One desk API call with the desk's own token, returning the envelope's message (the desk's session lib). */
export type DeskRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/**
 * The desk's request, given by the desk's layout route: this feature never reads a token itself,
 * and never imports the desk-access feature (features do not import each other).
 */
export const DeskRequestContext = createContext<DeskRequest | null>(null);

export function useDeskRequest(): DeskRequest {
  const request = useContext(DeskRequestContext);
  if (!request) throw new Error('the desk screens need DeskRequestContext from their layout route');
  return request;
}
