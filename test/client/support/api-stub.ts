import { json, stubFetch, type Call } from './fetch-stub.ts';

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with one handler per `METHOD /api/path`; anything else is a 404,
 * as the real server would answer an unknown path.
 */
export function stubApi(handlers: Record<string, Handler>) {
  return stubFetch((call) => {
    const handler = handlers[`${call.method} ${call.url}`];
    return handler ? handler(call) : json(404, { success: false, message: 'No encontrado' });
  });
}

/** The envelope of a successful reply. */
export function ok(message: unknown): Response {
  return json(200, { success: true, message });
}
