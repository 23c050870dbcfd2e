/** One Server-Sent Event as a browser would dispatch it. */
export type SseMessage = { event: string; id: string | undefined; data: string };

export type SseStream = {
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Comment lines (the keep-alive) seen so far. */
  comments(): number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Stop reading: the server sees the desk go away. */
  close(): Promise<void>;
};

/**
 * Reads a `text/event-stream` reply the way EventSource does (fields `event`,
 * `id`, `data`; lines starting with ':' are comments), calling `onMessage` as
 * each message arrives. For tests and the bench; the desk itself reads with
 * `@microsoft/fetch-event-source`.
 */
export function readSse(response: Response, onMessage?: (message: SseMessage) => void): SseStream {
  const messages: SseMessage[] = [];
  let comments = 0;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  function take(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0 && id === undefined) return;
    const message = { event, id, data: data.join('\n') };
    messages.push(message);
    onMessage?.(message);
  }

  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        take(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  })();

  return {
    messages,
    comments: () => comments,
    ended,
    async close() {
      await reader.cancel().catch(() => undefined);
      await ended;
    },
  };
}
