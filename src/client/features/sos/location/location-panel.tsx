import { useEffect } from 'react';
import { holdLocationWatch, startWatching, useLocation } from '#client/lib/location/location-store.ts';

/**
 * Home, before any emergency: why the position helps, and the one button that
 * asks for it. Home watches the position only once it is allowed, so no
 * question from the browser ever stands between a press and the alert.
 */
export function LocationPanel() {
  const { permission, error, fix } = useLocation();
  useEffect(() => holdLocationWatch({ mayAsk: false }), []);

  if (permission === 'unsupported' || permission === 'denied') {
    return (
      <div className="sos-notice" role="status">
        <p>{error ?? 'No compartes tu ubicación.'}</p>
        <p className="muted">Tu alerta se envía igual, sin tu ubicación.</p>
      </div>
    );
  }
  if (permission === 'granted') {
    return (
      <p className="muted" role="status">
        {error ?? (fix ? 'Tu ubicación se enviará con tu alerta.' : 'Buscando tu ubicación…')}
      </p>
    );
  }
  return (
    <section className="sos-notice" aria-labelledby="sos-location-title">
      <h2 id="sos-location-title">Comparte tu ubicación</h2>
      {/* Two short lines, read at a glance; and no text drawn after the early home outweighs its instruction
          (home's largest paint stays the one index.html draws at once: home-page.css). */}
      <p>Así tus contactos sabrán dónde buscarte.</p>
      <p>Tu alerta se envía aunque no la compartas.</p>
      <button type="button" className="button button--ghost" onClick={startWatching}>
        Permitir ubicación
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
