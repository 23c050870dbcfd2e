import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { END_FAILED, endAlert } from './end-alert.ts';

/** FINALIZAR ALERTA (SPEC.md section 2): '2', then home. */
export function EndAlertButton() {
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);

  async function end() {
    setEnding(true);
    setFailed(false);
    const ended = await endAlert((to) => void navigate({ to, replace: true }));
    // Ended means this screen is going away; only a failure stays to be read.
    if (!ended) {
      setFailed(true);
      setEnding(false);
    }
  }

  return (
    <div className="sos-end">
      {failed && (
        <p className="sos-end__error" role="alert">
          {END_FAILED}
        </p>
      )}
      <button type="button" className="button button--danger button--block sos-end__button" disabled={ending} aria-busy={ending} onClick={() => void end()}>
        FINALIZAR ALERTA
      </button>
    </div>
  );
}
