import { randomUUID } from 'node:crypto';
import type { DetentionInfo } from '#shared/api/detention-info.ts';
import type { RunningApp } from './app-server.ts';
import { codeFrom, readMailbox, waitForMail } from './mailbox.ts';
import { seedPerson } from './seeded-person.ts';

// Clients of the firm for the desk's browser tests, made through the app's own API (the person's
// screens have browser tests of their own): they share their alerts with the firm and press SOS.

export type DeskClient = {
  email: string;
  firstname: string;
  lastname: string;
  /** E.164. */
  phone: string;
  /** 'Si me detienen', saved from the profile's form. */
  detention?: Partial<DetentionInfo>;
  /** Also ticked 'Enviar a {FIRM_NAME} mi información «Si me detienen» cuando haya una alerta'. */
  detentionForFirm?: boolean;
};

const MEXICO_CITY = { latitude: '19.4326', longitude: '-99.1332' };

async function call(app: RunningApp, method: string, apiPath: string, body: unknown, token?: string) {
  const reply = await fetch(`${app.url}/api/${apiPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(apiPath === 'active-button' ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await reply.json()) as { message?: unknown };
  if (!reply.ok) throw new Error(`${method} ${apiPath}: ${reply.status} ${JSON.stringify(json)}`);
  return json.message;
}

/** The person's own session, entered with the e-mailed code as the app's sign-in does. */
async function signIn(app: RunningApp, email: string): Promise<string> {
  const before = (await readMailbox(app.dataDir)).length;
  await call(app, 'POST', 'signin', { email });
  const mail = await waitForMail(app.dataDir, { to: email, subject: /Tu código de acceso/, after: before });
  const session = (await call(app, 'POST', 'verify', { email, code: codeFrom(mail) })) as { access_token: string };
  return session.access_token;
}

/**
 * A registered person with one confirmed contact who turned on 'Compartir mis alertas con
 * {FIRM_NAME}' (and the detention information for the firm, if asked) and pressed SOS in Mexico City.
 * Returns the alert's id.
 */
export async function clientPressedSos(app: RunningApp, client: DeskClient): Promise<string> {
  const { detention, detentionForFirm = false, ...person } = client;
  await seedPerson(app, {
    ...person,
    contact: {
      firstname: 'Jorge',
      lastname: 'Paz',
      email: `contacto.${client.email}`,
      phone: '+13055550100',
      kinship: 'Hermano',
    },
  });
  const token = await signIn(app, client.email);
  if (detention) await call(app, 'PUT', 'profile/detention-info', detention, token);
  await call(app, 'PUT', 'profile/firm-consent', { share: true, detention_info: detentionForFirm }, token);
  const pressed = (await call(app, 'PUT', 'active-button', { alert_status: '1', ...MEXICO_CITY }, token)) as {
    alert_id: string;
  };
  return pressed.alert_id;
}
