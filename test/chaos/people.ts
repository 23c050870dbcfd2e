import type { ParsedMail } from 'mailparser';
import type { SmtpSink } from '#test/support/smtp-sink.ts';

export type Person = { index: number; email: string; token: string; contacts: string[] };

export type ApiReply = { status: number; message: unknown };

/** One JSON call to the real HTTP API. */
export async function callApi(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply> {
  const res = await fetch(`${baseUrl}/api/${apiPath}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: unknown };
  return { status: res.status, message: body.message ?? null };
}

/** 0 -> 'a', 25 -> 'z', 26 -> 'ba': a name holds letters, not digits. */
const lettersOf = (index: number) =>
  [...index.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? '' : (mail.to?.value[0]?.address ?? ''));

/** Waits for an e-mail to `to` whose subject matches, the way a person checks their inbox. */
export async function mailTo(sink: SmtpSink, to: string, subject: RegExp, timeoutMs = 60_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.received.find((mail) => addressOf(mail) === to && subject.test(mail.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectOk(what: string, reply: Promise<ApiReply>): Promise<unknown> {
  const { status, message } = await reply;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(message)}`);
  return message;
}

/**
 * A person signs up the way the app does it (code from the e-mail's subject) and
 * adds one or two contacts, who accept from their invitation e-mail.
 */
async function signUpPerson(baseUrl: string, sink: SmtpSink, index: number, most: 1 | 2): Promise<Person> {
  const email = `persona${index}@chaos.example`;
  await expectOk('signin', callApi(baseUrl, 'POST', 'signin', { body: { email } }));
  const code = /Tu código de acceso: (\d{4})/.exec((await mailTo(sink, email, /código de acceso/)).subject ?? '')?.[1];
  const session = (await expectOk(
    'signup',
    callApi(baseUrl, 'POST', 'signup', {
      body: {
        email,
        code,
        firstname: `Persona ${lettersOf(index)}`,
        lastname: 'Prueba',
        phone: '+13055550123',
        terms: true,
      },
    }),
  )) as { access_token: string };
  const contacts = Array.from(
    { length: most === 2 ? 1 + (index % 2) : 1 },
    (_, n) => `contacto${index}-${n}@chaos.example`,
  );
  for (const contact of contacts) {
    await expectOk(
      'add contact',
      callApi(baseUrl, 'POST', 'contacts', {
        token: session.access_token,
        body: { firstname: 'Luz', lastname: 'Contacto', email: contact, phone: '+13055550111', kinship: 'Hermana' },
      }),
    );
    const invitation = await mailTo(sink, contact, /./);
    const token = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invitation.text ?? '')?.[1];
    await expectOk('accept', callApi(baseUrl, 'GET', `verify-contact/${token}`));
  }
  return { index, email, token: session.access_token, contacts };
}

/** `count` people, a few at a time; every other one has two contacts when `most` is 2. */
export async function signUpPeople(baseUrl: string, sink: SmtpSink, count: number, most: 1 | 2 = 1): Promise<Person[]> {
  const people: Person[] = [];
  const next = { index: 0 };
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let index = next.index++; index < count; index = next.index++)
        people.push(await signUpPerson(baseUrl, sink, index, most));
    }),
  );
  return people.sort((a, b) => a.index - b.index);
}
