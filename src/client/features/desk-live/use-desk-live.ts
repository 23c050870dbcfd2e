import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { DESK_STREAM_EVENTS, DESK_STREAM_PATH, deskAlertEventSchema } from '#shared/api/desk-live.ts';
import { deskKeys } from './desk-query-keys.ts';
import { createRefreshQueue } from './refresh-queue.ts';

export type DeskLiveOptions = {
  /** The staff member's bearer token, read at every (re)connection; null when signed out. */
  getToken: () => string | null | undefined;
  /**
   * The server refused the token (401/403): the live link stops; the desk's sign-in takes over.
   * `why` is the server's sentence, when it gave one.
   */
  onRefused?: (why: string | undefined) => void;
};

/** Waits between reconnections: quick at first, never more than 15 s. */
export function retryDelay(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.min(attempt, 5));
}

class Refused extends Error {
  constructor(readonly why?: string) {
    super('refused');
  }
}

/** The sentence of a refusal's JSON envelope, if it has one. */
async function refusalMessage(response: Response): Promise<string | undefined> {
  const data = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : undefined;
}
class Dropped extends Error {}

/**
 * Keeps the desk's live link open (GET /api/desk/stream, read with fetch so the
 * bearer token goes in a header), reconnecting with `Last-Event-ID` so nothing
 * is missed. Each event reads again the desk's list and the case it names;
 * every (re)connection and every `resync` reads everything the desk shows, so
 * a change made while the link was down is never lost. Returns the link's
 * state: 'down' once a connection failed or dropped, until one opens again.
 */
export type DeskLinkStatus = 'connecting' | 'live' | 'down';

export function useDeskLive({ getToken, onRefused }: DeskLiveOptions): DeskLinkStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeskLinkStatus>('connecting');

  useEffect(() => {
    const controller = new AbortController();
    const queue = createRefreshQueue(queryClient);
    let attempt = 0;
    void fetchEventSource(DESK_STREAM_PATH, {
      signal: controller.signal,
      // Staff on call leave the desk in a background tab: it must stay live there.
      openWhenHidden: true,
      fetch: (input, init) => {
        const token = getToken();
        if (!token) return Promise.reject(new Refused());
        return fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } });
      },
      async onopen(response) {
        if (response.status === 401 || response.status === 403) throw new Refused(await refusalMessage(response));
        if (!response.ok || !response.headers.get('content-type')?.startsWith(EventStreamContentType))
          throw new Dropped();
        attempt = 0;
        setStatus('live');
        queue.refresh(deskKeys.all);
      },
      onmessage(message) {
        if (message.event === DESK_STREAM_EVENTS.resync) {
          queue.refresh(deskKeys.all);
          return;
        }
        if (message.event !== DESK_STREAM_EVENTS.alert) return;
        const parsed = v.safeParse(deskAlertEventSchema, safeJson(message.data));
        if (!parsed.success) return;
        queue.refresh(deskKeys.alerts);
        queue.refresh(deskKeys.case(parsed.output.alertId));
      },
      onclose() {
        // The server ended the stream (it is stopping): connect again, to it or another instance.
        throw new Dropped();
      },
      onerror(error: unknown) {
        setStatus('down');
        if (error instanceof Refused) {
          onRefused?.(error.why);
          throw error;
        }
        return retryDelay(attempt++);
      },
    }).catch(() => undefined);
    return () => {
      controller.abort();
      setStatus('connecting');
    };
  }, [queryClient, getToken, onRefused]);

  return status;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
