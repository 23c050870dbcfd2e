import { CatchBoundary } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { track } from '#client/lib/analytics.ts';
import { useDraggable } from './use-draggable.ts';
import './help-button.css';

// Out of the first download (home's budget): only this small button is in it.
const HelpOverlay = lazy(() =>
  import('#client/features/help/help-overlay.tsx').then((module) => ({ default: module.HelpOverlay })),
);

/** The floating 'Ayuda' button of the main layout: a tap opens the help overlay, a drag moves it out of the way. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const { ref, handlers } = useDraggable<HTMLButtonElement>((button) => {
    // Safari does not focus a tapped button; the overlay gives focus back to whatever had it.
    button.focus();
    track('help_open');
    setOpen(true);
  });

  return (
    <>
      <button ref={ref} type="button" className="help-button" aria-describedby={hintId} {...handlers}>
        <span className="help-button__icon" aria-hidden="true">
          ?
        </span>
        Ayuda
      </button>
      <span id={hintId} hidden>
        Puedes moverlo con las flechas del teclado.
      </span>
      {open && (
        // A chunk that cannot load (offline before the worker cached it) costs the help, never the page.
        <CatchBoundary getResetKey={() => 'help-overlay'} errorComponent={() => null} onCatch={() => setOpen(false)}>
          <Suspense fallback={null}>
            <HelpOverlay onClose={() => setOpen(false)} />
          </Suspense>
        </CatchBoundary>
      )}
    </>
  );
}
