import { useEffect } from 'react';
import { ALERT_POSITION_WINDOW_MS, ALERT_START } from '#shared/alert-status.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';
import { useLocation } from '#client/lib/location/location-store.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { submitSos } from '#client/features/sos/press/page-queue.ts';
import { getPressState, setPressState, usePressState } from '#client/features/sos/press/press-state.ts';
import { sosRequest } from '#client/features/sos/press/sos-request.ts';

/**
 * An alert that went out without a position: the first fix within ten minutes
 * of the press follows as a position update, once ('1' again, with a new key;
 * the server e-mails the contacts the first position of an alert).
 */
export function usePositionUpdate(): void {
  const { fix } = useLocation();
  // The phase too: a fix may come while the press is still on its way.
  const { phase } = usePressState();
  useEffect(() => {
    const press = getPressState();
    if (!fix || press.hadPosition || press.positionSent) return;
    if (press.phase !== 'sent' && press.phase !== 'queued' && press.phase !== 'held') return;
    if (Date.now() - press.pressedAt > ALERT_POSITION_WINDOW_MS || !getSessionState().auth.alert_status) return;
    setPressState({ positionSent: true });
    void submitSos(sosRequest(newIdempotencyKey(), ALERT_START, new Date(), fix)).catch(() => undefined);
  }, [fix, phase]);
}
