import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { SESSION_TTL_MS } from '#shared/constants.ts';
import type { Db } from '#server/db/client.ts';
import { contacts, outbox, sessions, users, verifications } from '#server/db/schema.ts';
import { randomToken, sha256 } from '#server/security/hashing.ts';

/** A person made for the load: the raw access token lives only in this object, never in a log. */
export type SeededPerson = { userId: string; accessToken: string; contactEmails: string[] };

const CHUNK = 2000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Every address the bench makes starts with this, so `removeSeeded` finds them on a shared server. */
export const SEED_PREFIX = 'bench-';

/**
 * `count` people, each with `contactsEach` confirmed contacts and one signed-in
 * session, written in bulk with the app's own schema and token hashing: the same
 * rows sign-up, contact confirmation and verify leave behind (a session stores
 * only SHA-256 hashes of its random tokens, as auth/tokens.ts does).
 */
export async function seedPeople(db: Db, count: number, contactsEach: number): Promise<SeededPerson[]> {
  const tag = `${SEED_PREFIX}${Date.now().toString(36)}`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const people: SeededPerson[] = [];
  await db.transaction(async (tx) => {
    const userRows = Array.from({ length: count }, (_, i) => ({
      email: `${tag}-${i}@example.org`,
      firstname: 'Banco',
      lastname: `Pruebas ${i}`,
      phone: '+13055550100',
      createdAt: now,
      updatedAt: now,
    }));
    const ids: string[] = [];
    for (const rows of chunks(userRows)) {
      ids.push(...(await tx.insert(users).values(rows).returning({ id: users.id })).map((row) => row.id));
    }
    const contactRows = ids.flatMap((userId, i) =>
      Array.from({ length: contactsEach }, (_, j) => ({
        userId,
        firstname: `Contacto ${j}`,
        lastname: 'Pruebas',
        email: `${tag}-${i}-c${j}@example.org`,
        phone: '+13055550101',
        kinship: 'Hermana',
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() + j),
      })),
    );
    for (const rows of chunks(contactRows)) await tx.insert(contacts).values(rows);
    const sessionRows = ids.map((userId, i) => {
      const accessToken = randomToken();
      people.push({
        userId,
        accessToken,
        contactEmails: contactRows.slice(i * contactsEach, (i + 1) * contactsEach).map((c) => c.email),
      });
      return {
        userId,
        familyId: randomUUID(),
        accessHash: sha256(accessToken),
        refreshHash: sha256(randomToken()),
        issuedAt: now,
        expiresAt,
      };
    });
    for (const rows of chunks(sessionRows)) await tx.insert(sessions).values(rows);
  });
  return people;
}

/** Deletes every bench person (their sessions, contacts, alerts and e-mails go with them) and the bench's sign-in codes and their e-mails. */
export async function removeSeeded(db: Db): Promise<void> {
  await db.delete(users).where(like(users.email, `${SEED_PREFIX}%`));
  await db.delete(verifications).where(like(verifications.target, `${SEED_PREFIX}%`));
  await db.delete(outbox).where(like(outbox.recipient, `${SEED_PREFIX}%`));
}
