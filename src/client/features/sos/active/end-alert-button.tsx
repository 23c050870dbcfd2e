import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { usePinsSet } from '#client/api/profile.ts';
import { PinDialog } from '#client/ui/pin-dialog.tsx';
import { END_FAILED, endAlert } from './end-alert.ts';

/** FINALIZAR ALERTA (SPEC.md section 2): '2', then home; with PINs set, a PIN first. */
export function EndAlertButton() {
  const navigate = useNavigate();
  const pinsSet = usePinsSet();
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);
  const [askPin, setAskPin] = useState(false);

  /** Resolves with the PIN's refusal to show in the dialog, or null. */
  async function end(pin?: string): Promise<string | null> {
    setEnding(true);
    setFailed(false);
    const ended = await endAlert((to) => void navigate({ to, replace: true }), pin);
    setEnding(false);
    if (typeof ended === 'string') {
      // PINs set on another phone, not yet known here: ask now.
      setAskPin(true);
      return ended;
    }
    setAskPin(false);
    // Ended means this screen is going away; only a failure stays to be read.
    if (!ended) setFailed(true);
    return null;
  }

  return (
    <div className="sos-end">
      {failed && (
        <p className="sos-end__error" role="alert">
          {END_FAILED}
        </p>
      )}
      <button
        type="button"
        className="button button--danger button--block sos-end__button"
        disabled={ending}
        aria-busy={ending}
        onClick={() => (pinsSet ? setAskPin(true) : void end())}
      >
        FINALIZAR ALERTA
      </button>
      {askPin && (
        <PinDialog
          title="Escribe tu PIN para finalizar la alerta"
          onSubmit={(pin) => end(pin)}
          onCancel={() => setAskPin(false)}
        />
      )}
    </div>
  );
}
