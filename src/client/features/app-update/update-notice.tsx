import { useId, useState } from 'react';
import { applyAppUpdate } from '#client/lib/app-update/app-update-store.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { useAppUpdate } from './use-app-update.ts';
import './update-notice.css';

export const UPDATE_AVAILABLE = 'Nueva versión disponible';

/**
 * A quiet line above the page, never a dialog: the person updates when it suits
 * them, and nothing reloads without their press (a half-filled form stays).
 *
 * While an alert is active (this includes /web/active) the notice waits: the
 * alert screen is for FINALIZAR ALERTA and the SMS fallback, and a person in
 * danger should not meet a button that reloads the screen. The version they
 * have keeps working and sending, and the notice comes back once the alert ends.
 */
export function UpdateNotice() {
  const { updateReady } = useAppUpdate();
  const alertActive = useAuth().alert_status;
  const [pressed, setPressed] = useState(false);
  const textId = useId();
  if (!updateReady || alertActive) return null;

  function update() {
    setPressed(true);
    applyAppUpdate();
  }

  return (
    <div className="update-notice" role="status" aria-labelledby={textId}>
      <p id={textId} className="update-notice__text">{UPDATE_AVAILABLE}</p>
      <button type="button" className="button update-notice__button" onClick={update} disabled={pressed}>
        {pressed ? 'Actualizando…' : 'Actualizar'}
      </button>
    </div>
  );
}
