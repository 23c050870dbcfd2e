import * as v from 'valibot';
import { sessionSchema } from '#shared/api/auth.ts';
import type { Session } from '#shared/api/auth.ts';
import type { TestApp } from './test-app.ts';

/** A registered, signed-in person, the way the app gets there: signin, code from the e-mail, signup. */
export async function signUp(t: TestApp, email: string, firstname = 'Ana'): Promise<Session> {
  await t.post('signin', { email });
  const code = await t.codeSentTo(email);
  const reply = await t.post('signup', {
    email,
    code,
    firstname,
    lastname: 'Prueba',
    phone: '+13055550123',
    terms: true,
  });
  return v.parse(sessionSchema, reply.body.message);
}
