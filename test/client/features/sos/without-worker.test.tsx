import { fireEvent, screen } from '@testing-library/react';
import { get } from 'idb-keyval';
import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import { SOS_PAGE_QUEUE_DB } from '#shared/constants.ts';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { END_KEEP_APP_OPEN, END_UNSTORED_KEEP_APP_OPEN } from '#client/features/sos/active/end-alert.ts';
import { readHeld } from '#client/features/sos/press/held-storage.ts';
import { getSessionState, resetAll } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// No service worker controls the page: the very first load before the worker
// claims it, or a browser (an in-app browser) without service workers. The
// page then holds an SOS the network failed to take and keeps sending it.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const WAITING = 'Sin conexión: tu alerta se enviará automáticamente en cuanto haya señal';

beforeEach(() => signIn());

let stopBridge: () => void = () => undefined;

afterEach(async () => {
  stopBridge();
  stopBridge = () => undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetSos();
  resetAll();
});

const sosCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/active-button');

/** A network that fails every SOS until `restore()`; then `reply` answers. */
function flakyNetwork(reply: (call: Call) => Response) {
  let up = false;
  const api = stubApi({
    'GET /api/contacts': () => ok([luis]),
    'PUT /api/active-button': (call) => (up ? reply(call) : Promise.reject(new TypeError('Failed to fetch'))),
  });
  return { ...api, restore: () => (up = true) };
}

/** The page queue's store refuses every write (a full or broken storage); the rest of IndexedDB works. */
function storageRefusesHeldRequests() {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (this.transaction.db.name === SOS_PAGE_QUEUE_DB) throw new DOMException('Sin espacio', 'QuotaExceededError');
    return put.apply(this, args);
  });
}

/** Home, SOS pressed: on the alert screen. */
async function pressSosFromHome() {
  const { router } = renderApp('/web/home');
  fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
  return router;
}

/** Home, SOS pressed, then FINALIZAR ALERTA: back on home. */
async function pressSosThenEnd() {
  const router = await pressSosFromHome();
  fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
}

describe('an SOS with no service worker in between', () => {
  it('keeps a press the network failed to take, says it waits, and sends it with the same key once online', async () => {
    const network = flakyNetwork(() => ok({ alert_status: true, alert_id: 'a1' }));
    await pressSosFromHome();
    expect(await screen.findByText(WAITING)).toBeTruthy();
    expect(screen.getByText('Guardado en este teléfono: 1 aviso por enviar.')).toBeTruthy();
    expect(
      screen.getByText('Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.'),
    ).toBeTruthy();
    expect(getSessionState().auth.alert_status).toBe(true);
    // The SMS is there for when data never comes back.
    expect(screen.getByRole('link', { name: 'Enviar SMS a mis contactos' })).toBeTruthy();

    // Kept on the device, encrypted: a reload or a closed tab does not lose it.
    const [held] = await readHeld();
    expect(held?.body.alert_status).toBe('1');
    const raw: unknown = await get('held', createStore('sos-page-queue', 'requests'));
    expect(ArrayBuffer.isView(raw)).toBe(true);
    expect(new TextDecoder().decode(raw as Uint8Array)).not.toContain('alert_status');

    // The page's own backoff may have tried again meanwhile (a slow machine reaches this line after it):
    // every try is the same request, and once online exactly one more goes.
    const failedTries = sosCalls(network.calls).length;
    network.restore();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    const calls = sosCalls(network.calls);
    expect(calls.length - failedTries).toBe(1);
    const [first] = calls;
    expect(first?.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(calls.map((call) => [call.headers['idempotency-key'], call.body])).toEqual(
      calls.map(() => [first?.headers['idempotency-key'], first?.body]),
    );
    expect(await readHeld()).toEqual([]);
  });

  it('says so when the phone could not store what it holds (a full or broken storage): lost if the app closes', async () => {
    storageRefusesHeldRequests();
    const network = flakyNetwork(() => ok({ alert_status: true, alert_id: 'a1' }));
    await pressSosFromHome();
    expect(await screen.findByText(WAITING)).toBeTruthy();
    expect(
      screen.getByText('No se pudo guardar en este teléfono: 1 aviso por enviar. Si cierras la aplicación, se pierde.'),
    ).toBeTruthy();
    expect(screen.queryByText(/^Guardado/)).toBeNull();
    expect(
      screen.getByText('Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enviar SMS a mis contactos' })).toBeTruthy();
    expect(await readHeld()).toEqual([]);

    // Still sent from memory once the signal comes back.
    network.restore();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Alerta enviada a tus contactos')).toBeTruthy();
    expect(screen.queryByText(/No se pudo guardar/)).toBeNull();
  });

  it('hands what it holds to the worker as soon as one takes control of the page', async () => {
    const worker = fakeServiceWorker({ controlled: false });
    const network = flakyNetwork(() => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }));
    await pressSosFromHome();
    expect(
      await screen.findByText('Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.'),
    ).toBeTruthy();

    network.restore();
    worker.claim();
    await vi.waitFor(() => expect(sosCalls(network.calls)).toHaveLength(2));
    // The worker keeps it now: the page no longer asks the person to stay.
    await vi.waitFor(() =>
      expect(
        screen.queryByText('Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.'),
      ).toBeNull(),
    );
    // Kept by the worker is not sent yet.
    expect(screen.getByText(WAITING)).toBeTruthy();
    expect(screen.queryByText('Alerta enviada a tus contactos')).toBeNull();
    expect(await readHeld()).toEqual([]);
  });

  it('sends an end pressed while the alert is still held only after the alert, in order', async () => {
    const network = flakyNetwork(() => ok({ alert_status: true, alert_id: 'a1' }));
    await pressSosThenEnd();
    expect((await readHeld()).map((request) => request.body.alert_status)).toEqual(['1', '2']);

    network.restore();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await readHeld()).toEqual([]));
    const statuses = sosCalls(network.calls).map((call) => (call.body as { alert_status: string }).alert_status);
    // Each tried once offline (the end waited behind the alert without a try of its own), then in order.
    expect(statuses.slice(-2)).toEqual(['1', '2']);
    expect(statuses.filter((status) => status === '2')).toHaveLength(1);
  });

  it('an end the phone could not store: home says closing the app loses it, and it is still sent', async () => {
    storageRefusesHeldRequests();
    const network = flakyNetwork(() => ok({ alert_status: true, alert_id: 'a1' }));
    await pressSosThenEnd();
    expect(await screen.findByText(END_UNSTORED_KEEP_APP_OPEN)).toBeTruthy();
    expect(screen.queryByText(END_KEEP_APP_OPEN)).toBeNull();
    expect(await readHeld()).toEqual([]);

    network.restore();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(
        sosCalls(network.calls)
          .map((call) => (call.body as { alert_status: string }).alert_status)
          .slice(-2),
      ).toEqual(['1', '2']),
    );
  });

  it('reopened over a press an earlier visit held: never says it was sent before it has read what it holds', async () => {
    flakyNetwork(() => ok({ alert_status: true, alert_id: 'a1' }));
    await pressSosFromHome();
    expect(await screen.findByText(WAITING)).toBeTruthy();
    const [earlier] = await readHeld();

    // The app opened again (the same person, still no worker): its modules load anew, and the page
    // queue starts reading its disk as it loads.
    vi.resetModules();
    (await import('#client/lib/session/session-store.ts')).setAuth(getSessionState().auth);
    const reopened = await import('#client/features/sos/press/page-queue.ts');
    const { deliveryOf } = await import('#client/features/sos/active/delivery.ts');
    const { getPressState } = await import('#client/features/sos/press/press-state.ts');
    const { getSosQueueView } = await import('#client/lib/sos-worker/sos-queue-store.ts');
    const delivery = () => deliveryOf(getPressState(), reopened.getHeldView(), getSosQueueView(), false);
    try {
      expect(delivery()).toEqual({ state: 'checking' });
      await vi.waitFor(() => expect(reopened.getHeldView().restored).toBe(true));
      expect(delivery()).toEqual({
        state: 'waiting',
        pending: 1,
        oldestQueuedAt: earlier?.queuedAt,
        heldHere: true,
        unstored: false,
      });
    } finally {
      await reopened.resetPageQueue();
    }
  });

  it('an end held here that a new worker takes: its news still shows once the worker delivered it', async () => {
    const worker = fakeServiceWorker({ controlled: false });
    // What main.tsx starts: the page hears the worker's reports.
    stopBridge = startSosWorkerBridge();
    let delivered = false;
    const network = flakyNetwork((call) =>
      delivered && (call.body as { alert_status: string }).alert_status === '2'
        ? ok({ alert_status: false, alert_id: 'a1', contacts_told: 'all' })
        : json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
    );
    await pressSosThenEnd();
    expect(await screen.findByText(END_KEEP_APP_OPEN)).toBeTruthy();

    network.restore();
    worker.claim();
    await vi.waitFor(async () => expect(await readHeld()).toEqual([]));
    const end = sosCalls(network.calls).find((call) => (call.body as { alert_status: string }).alert_status === '2');
    delivered = true;
    worker.send(queueStatus({ delivered: { idempotencyKey: end!.headers['idempotency-key']!, alert_status: '2' } }));
    expect(await screen.findByText(endNewsTexts.all)).toBeTruthy();
    expect(screen.queryByText(END_KEEP_APP_OPEN)).toBeNull();
  });
});
