import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';

// `web-push-testing`, the local push service that speaks the Web Push protocol
// (RFC 8030/8291/8292): it checks the VAPID signature, decrypts each message and
// keeps it. Run in-process on 127.0.0.1 and a free port, so every test file has
// its own and nothing listens beyond loopback.

type Model = {
  notifyUrl: string;
  subscribe(options: {
    userVisibleOnly: string;
    applicationServerKey: string;
  }): Promise<PhoneSubscription & { clientHash: string }>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
};
type Middleware = (req: { path: string }, res: { sendStatus(status: number): void }, next: () => void) => void;
type ServerClass = new (
  model: Model,
  port: number,
) => {
  _app: {
    listen(port: number, host: string, done: () => void): Server;
    use(handler: Middleware): void;
  };
  setRequestHandlers(): void;
};

const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => Model;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as ServerClass;

/** What a browser's `PushSubscription.toJSON()` gives the page. */
export type PhoneSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type Phone = { subscription: PhoneSubscription; clientHash: string };

export type PushService = {
  origin: string;
  /** A phone subscribing with our VAPID public key, as `pushManager.subscribe` would. */
  subscribe(applicationServerKey: string): Promise<Phone>;
  /** Every message the phone received so far, decrypted. */
  received(phone: Phone): Promise<unknown[]>;
  /** The next `count` messages get `status` (a push service having a bad moment) and are not kept. */
  refuseNext(count: number, status: number): void;
  /** The phone unsubscribes behind our back: the next message gets a 410. */
  expire(phone: Phone): Promise<void>;
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  let refusals: { count: number; status: number } = { count: 0, status: 503 };
  service._app.use((req, res, next) => {
    if (!req.path.startsWith('/notify/') || refusals.count === 0) return next();
    refusals = { ...refusals, count: refusals.count - 1 };
    res.sendStatus(refusals.status);
  });
  service.setRequestHandlers();
  const server = await new Promise<Server>((resolve) => {
    const listening = service._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;

  async function call(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const reply = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await reply.text();
    return {
      status: reply.status,
      body: reply.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text,
    };
  }

  return {
    origin,
    async subscribe(applicationServerKey) {
      // The mock wants the boolean as text.
      const reply = await call('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey,
      });
      if (reply.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(reply.body)}`);
      const { clientHash, ...subscription } = (reply.body as { data: PhoneSubscription & { clientHash: string } }).data;
      return { subscription, clientHash };
    },
    async received(phone) {
      const reply = await call('/get-notifications', {
        clientHash: phone.clientHash,
      });
      return (reply.body as { data: { messages: string[] } }).data.messages.map(
        (message) => JSON.parse(message) as unknown,
      );
    },
    refuseNext(count, status) {
      refusals = { count, status };
    },
    async expire(phone) {
      const reply = await call(`/expire-subscription/${phone.clientHash}`, {});
      if (reply.status !== 200) throw new Error('expire failed');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
