export interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

export type Answer = Response | 'network-error';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = () => json(200, { success: true, message: 'Alerta registrada' });

/**
 * The network as the worker sees it: records each request and answers with
 * `answer`. 'network-error' rejects the way fetch does when offline.
 */
export function fakeServer(answer: (sent: Sent) => Answer | Promise<Answer>) {
  const sent: Sent[] = [];
  async function send(request: Request): Promise<Response> {
    const text = await request.clone().text();
    const call: Sent = {
      method: request.method,
      url: request.url,
      authorization: request.headers.get('Authorization'),
      idempotencyKey: request.headers.get('Idempotency-Key'),
      contentType: request.headers.get('Content-Type'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
    sent.push(call);
    const reply = await answer(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return reply;
  }
  return { sent, send };
}
