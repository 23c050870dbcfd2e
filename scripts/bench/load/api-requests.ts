import { randomUUID } from 'node:crypto';
import type { LoadRequest } from './load-request.ts';
import type { SeededPerson } from './seed-people.ts';

// Spread into every request, never passed as is: autocannon writes Content-Length into the headers it is given.
const json = { 'content-type': 'application/json' };

/**
 * SOS presses, each by the next person who has no active alert, with a fresh
 * idempotency key: every request starts one alert (one transaction with an
 * outbox row per confirmed contact). `used()` says how many people were taken,
 * so a run that ran out of people (and so sent position updates) is noticed.
 */
export function alertPresses(people: SeededPerson[]): {
  next: () => LoadRequest;
  used: () => number;
  restart: () => void;
} {
  // `people` may grow between runs (seeded again when a run used most of them).
  let index = 0;
  return {
    next() {
      const person = people[index % people.length]!;
      index += 1;
      return {
        method: 'PUT',
        path: '/api/active-button',
        headers: { ...json, authorization: `Bearer ${person.accessToken}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          alert_status: '1',
          latitude: '19.4326',
          longitude: '-99.1332',
          timezone: 'America/Mexico_City',
          pressed_at: new Date().toISOString(),
        }),
      };
    },
    used: () => index,
    restart: () => {
      index = 0;
    },
  };
}

/** Each person's contact list in turn. */
export function contactListReads(people: SeededPerson[]): () => LoadRequest {
  let index = 0;
  return () => {
    const person = people[index % people.length]!;
    index += 1;
    return { method: 'GET', path: '/api/contacts', headers: { authorization: `Bearer ${person.accessToken}` } };
  };
}

/** Sign-in requests for addresses never seen before: each issues a code and queues its e-mail. */
export function signinRequests(tag: string): () => LoadRequest {
  let index = 0;
  return () => {
    index += 1;
    return {
      method: 'POST',
      path: '/api/signin',
      headers: { ...json },
      body: JSON.stringify({ email: `${tag}-signin-${index}@example.org` }),
    };
  };
}
