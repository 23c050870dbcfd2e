import { expect } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import type { TestApp } from './test-app.ts';

export const PIN = '2468';
export const DURESS_PIN = '1357';

/** PUT /api/profile/pins as the profile screen sends it (the first time: no current PIN). */
export async function setPins(t: TestApp, me: Session, pin = PIN, duressPin = DURESS_PIN): Promise<void> {
  const reply = await t.call('PUT', 'profile/pins', { token: me.access_token, body: { pin, duress_pin: duressPin } });
  expect(reply.body).toEqual({ success: true, message: pinMessages.saved });
}

export async function pinsSetOf(t: TestApp, me: Session): Promise<boolean | undefined> {
  const reply = await t.call('GET', 'profile', { token: me.access_token });
  return (reply.body.message as { pins_set?: boolean }).pins_set;
}

/** Every outbox row of the person's account, by kind, oldest first. */
export async function outboxKinds(
  t: TestApp,
  email: string,
): Promise<{ kind: string; recipient: string; priority: number }[]> {
  const { rows } = await t.pool.query<{ kind: string; recipient: string; priority: number }>(
    `select o.kind, o.recipient, o.priority from outbox o join users u on u.id = o.user_id where u.email = $1 and o.kind like 'alert-%' order by o.id`,
    [email],
  );
  return rows;
}
