import type { Context } from 'hono';
import type { AppDeps } from '#server/deps.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { hitRateLimit } from './rate-limit.ts';

/**
 * The calls a contact's pages make without an account ('Lo tengo', the person's name, the language
 * switch, phone notifications) share one limit per network address: a token guesser gains nothing by
 * spreading guesses over them. Counted before the token is read, so a refused token counts too.
 * Answers the 429 to return, or undefined when the call may go on.
 */
export function contactPagesLimit({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return async (c: Context): Promise<Response | undefined> => {
    const verdict = await hitRateLimit(
      db,
      `ack:ip:${clientIp(c, config.trustProxy)}`,
      config.rateLimits.ackPerIp,
      clock.now(),
    );
    return verdict.allowed ? undefined : tooManyRequests(c, verdict.retryAfterSeconds);
  };
}
