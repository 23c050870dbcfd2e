import type { Config } from '#server/config.ts';
import { hmac } from '#server/security/hashing.ts';

/**
 * A contact's 'Lo tengo' token for one alert or practice (`subjectId`): derived,
 * not stored, like the unsubscribe token (HMAC(SECRET, …) is unguessable without
 * SECRET), so a reminder can carry the same link again. The table keeps its SHA-256.
 * Single-purpose: the 'ack:' prefix keeps it from meaning anything elsewhere.
 */
export function ackToken(secret: string, subjectId: string, email: string): string {
  return hmac(secret, `ack:${subjectId}:${email}`);
}

/** `PUBLIC_URL/web/active/ack/{token}`: a page; only its button records anything. */
export function ackUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/web/active/ack/${token}`;
}
