import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AlertDeliveryState } from '#shared/api/deliveries.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { phonePage } from '#test/support/browser-flows.ts';
import { codeFrom, readMailbox, waitForMail } from '#test/support/mailbox.ts';

// The 'Lo tengo' link of an alert that gave way to a fresh one (a press after an end with the
// duress PIN), opened by the contact in a browser of their own: the page never says the alert
// ended; it says a new alert came and shows it, and its 'Lo tengo' reaches the person's alert now.

const started = appAndChromiumPerFile();

const PIN = '2468';
const DURESS_PIN = '1357';
const LINK = /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/;

async function api(method: string, apiPath: string, body: unknown, token?: string, key?: string) {
  const reply = await fetch(`${started.app.url}/api/${apiPath}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  const json = (await reply.json()) as { message?: unknown };
  if (!reply.ok) throw new Error(`${method} ${apiPath}: ${reply.status} ${JSON.stringify(json)}`);
  return json.message;
}

/** A person with PINs and one confirmed contact, made through the API as the app's screens make them. */
async function personWithPins(email: string, contactEmail: string): Promise<string> {
  const { dataDir } = started.app;
  const before = (await readMailbox(dataDir)).length;
  await api('POST', 'signin', { email });
  const code = codeFrom(await waitForMail(dataDir, { to: email, subject: /Tu código de acceso/, after: before }));
  const { access_token: token } = (await api('POST', 'signup', {
    email,
    code,
    firstname: 'Elena',
    lastname: 'Reemplazo',
    phone: '+13055550123',
    terms: true,
  })) as { access_token: string };
  const contact = { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '+13055550101' };
  await api('POST', 'contacts', { ...contact, kinship: 'Hermano', language: 'es' }, token);
  const invitation = await waitForMail(dataDir, { to: contactEmail, subject: /te agregó como contacto/ });
  const accept = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  await api('GET', `verify-contact/${accept}`, undefined);
  await api('PUT', 'profile/pins', { pin: PIN, duress_pin: DURESS_PIN }, token);
  return token;
}

const sos = (token: string) =>
  api('PUT', 'active-button', { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' }, token, randomUUID());

describe("the 'Lo tengo' link of an alert that gave way to a fresh one", () => {
  it("says a new alert came, shows it, and 'Lo tengo' reaches the person's alert on now", async () => {
    const { dataDir } = started.app;
    const contactEmail = 'reemplazo-jorge@example.org';
    const token = await personWithPins('reemplazo@example.org', contactEmail);
    const SOS = /^ALERTA SOS: Elena Reemplazo está en riesgo$/;

    await sos(token);
    const first = await waitForMail(dataDir, { to: contactEmail, subject: SOS });
    const oldLink = LINK.exec(first.text)?.[1];
    expect(oldLink).toBeDefined();
    await api(
      'PUT',
      'active-button',
      { alert_status: '2', latitude: '', longitude: '', timezone: 'UTC', pin: DURESS_PIN },
      token,
      randomUUID(),
    );
    const afterDuress = (await readMailbox(dataDir)).length;
    await sos(token);
    // The fresh alert's own e-mail: its contacts are told of the new press.
    await waitForMail(dataDir, { to: contactEmail, subject: SOS, after: afterDuress });

    const contact = await phonePage(started.browser);
    await contact.page.goto(oldLink!);
    await contact.page.getByRole('heading', { name: 'Elena Reemplazo necesita ayuda' }).waitFor();
    await contact.page
      .getByRole('status')
      .getByText(
        'Después de la alerta de este enlace llegó una alerta nueva de Elena Reemplazo. Aquí ves la más reciente.',
      )
      .waitFor();
    expect(await contact.page.getByText('Elena Reemplazo ya finalizó esta alerta.').count()).toBe(0);

    await contact.page.getByRole('button', { name: 'Lo tengo' }).click();
    await contact.page.getByText(/^Listo: Elena Reemplazo ya sabe que recibiste su alerta/).waitFor();
    // The person's alert on now shows the contact's answer.
    const state = (await api('GET', 'alert-deliveries', undefined, token)) as AlertDeliveryState;
    expect(state.alert?.deliveries.map(({ name, state: delivery }) => [name, delivery])).toEqual([
      ['Jorge Paz', 'acknowledged'],
    ]);
    await contact.context.close();
  });
});
