import { ALERT_PRACTICE } from '#shared/alert-status.ts';
import { track } from '#client/lib/analytics.ts';
import { getLocation } from '#client/lib/location/location-store.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { onHeldSettled, submitSos, type SubmitResult } from '#client/features/sos/press/page-queue.ts';
import { sosRequest } from '#client/features/sos/press/sos-request.ts';
import { getPracticeState, setPracticeState } from './practice-state.ts';

// A practice this page held (no worker, no network) went later.
onHeldSettled((key, reply) => {
  if (key !== getPracticeState().key) return;
  setPracticeState({ phase: reply.kind === 'refused' ? 'failed' : reply.kind === 'queued' ? 'queued' : 'sent' });
});

/**
 * 'Probar alerta': '3' by the very path of an SOS press, the page's
 * lane and the service worker's queue included, with the best position already
 * known. The server e-mails the contacts marked PRUEBA and records a test.
 */
export async function pressPractice(): Promise<void> {
  if (getPracticeState().phase === 'sending') return;
  const key = newIdempotencyKey();
  const at = new Date();
  setPracticeState({ phase: 'sending', key, pressedAt: at.getTime() });
  const result = await submitSos(sosRequest(key, ALERT_PRACTICE, at, getLocation().fix)).catch((): SubmitResult => ({
    kind: 'failed',
    message: '',
  }));
  if (key !== getPracticeState().key) return;
  setPracticeState({ phase: result.kind === 'done' ? 'sent' : result.kind });
  // No personal data: whether it went at once or waits for signal.
  if (result.kind !== 'failed') track('practice_send', { queued: result.kind !== 'done' });
}
