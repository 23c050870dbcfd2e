import { useEffect, useId, useState } from 'react';
import { applyAppUpdate } from '#client/lib/app-update/app-update-store.ts';
import { hasUnsavedInput } from '#client/lib/app-update/unsaved-input.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { useAppUpdate } from './use-app-update.ts';
import './update-notice.css';

export const UPDATE_AVAILABLE = 'Nueva versión disponible';
export const UPDATE_AFTER_FORM = 'Se actualizará cuando salgas de este formulario, para no perder lo que escribiste.';

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
  // 'waiting': pressed while a form held what the person typed; the reload comes once it is gone.
  const [phase, setPhase] = useState<'offered' | 'waiting' | 'updating'>('offered');
  const textId = useId();

  useEffect(() => {
    if (phase !== 'waiting') return;
    // A form leaves the page when the person moves on (after saving it, or not): then nothing typed is lost.
    const observer = new MutationObserver(() => {
      if (hasUnsavedInput()) return;
      observer.disconnect();
      setPhase('updating');
      applyAppUpdate();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [phase]);

  if (!updateReady || alertActive) return null;

  function update() {
    if (hasUnsavedInput()) {
      setPhase('waiting');
      return;
    }
    setPhase('updating');
    applyAppUpdate();
  }

  return (
    <div className="update-notice" role="status" aria-labelledby={textId}>
      <p id={textId} className="update-notice__text">
        {UPDATE_AVAILABLE}
      </p>
      {phase === 'waiting' ? (
        <p className="update-notice__wait">{UPDATE_AFTER_FORM}</p>
      ) : (
        <button type="button" className="button update-notice__button" onClick={update} disabled={phase === 'updating'}>
          {phase === 'updating' ? 'Actualizando…' : 'Actualizar'}
        </button>
      )}
    </div>
  );
}
