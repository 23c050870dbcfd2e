import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect } from 'react';
import { takeEarlySosPress } from '#client/features/sos/home/early-press.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { getPressState, setPressState, usePressState } from '#client/features/sos/press/press-state.ts';
import type * as PressSos from '#client/features/sos/press/press-sos.ts';
import {
  SOS_BUTTON_HINT,
  SOS_BUTTON_LABEL,
  SOS_BUTTON_NAME,
  SOS_SENDING_HINT,
  SOS_SENDING_NAME,
} from './sos-button-texts.ts';
import './sos-button.css';

const PRESS_UNAVAILABLE =
  'No pudimos enviar tu alerta. Revisa tu conexión e inténtalo de nuevo, o envía un SMS a tus contactos.';

let pressModule: Promise<typeof PressSos> | undefined;

/**
 * The sending code travels in home's chunk with this button (vite.config.ts),
 * so it is there before a finger lands and a press never waits for a download.
 * Should it ever become a chunk of its own again, it is fetched as soon as the
 * button shows, and a failed fetch still gets an answer.
 */
function loadPress(): Promise<typeof PressSos> {
  pressModule ??= import('#client/features/sos/press/press-sos.ts').catch((error: unknown) => {
    pressModule = undefined;
    throw error;
  });
  return pressModule;
}

/** The big red button. A press never waits for a position: it takes the best one already known. */
export function SosButton() {
  const { phase } = usePressState();
  const { alert_status, id } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    loadPress().catch(() => undefined);
  }, []);

  // An alert that became active while home was open (a queued one delivered after a new sign-in).
  useEffect(() => {
    if (alert_status) void navigate({ to: '/web/active', replace: true });
  }, [alert_status, navigate]);

  function press(at = new Date()) {
    if (getPressState().phase === 'sending') return;
    // Disabled at once, before the sending code is even looked at.
    setPressState({ phase: 'sending', pressedAt: at.getTime(), userId: id });
    const goTo = (to: '/web/active' | '/web/home') => void navigate({ to, replace: true });
    loadPress().then(
      ({ pressSos }) => pressSos({ at, goTo }),
      () => {
        setPressState({ phase: 'failed', failure: PRESS_UNAVAILABLE });
        showToast({ message: PRESS_UNAVAILABLE, variant: 'danger' });
      },
    );
  }

  // A press on the early home of index.html, before this button existed: sent now, as pressed then.
  // A layout effect: the button is drawn 'sending' from its first frame, never enabled in between.
  useLayoutEffect(() => {
    const early = takeEarlySosPress();
    if (early) press(early);
    // Once, at the first mount: only the early home's press, which it takes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Also while an alert that is on takes the person to its screen: a tap there would start a second press.
  const sending = phase === 'sending' || alert_status;
  // The spoken name holds the words on the button (WCAG 2.5.3: voice control users say what they see);
  // the space between the two lines keeps 'SOS' a word of its own.
  return (
    <button
      type="button"
      className="sos-button"
      aria-label={sending ? SOS_SENDING_NAME : SOS_BUTTON_NAME}
      aria-busy={sending}
      disabled={sending}
      onClick={() => press()}
    >
      <span className="sos-button__label" aria-hidden="true">
        {SOS_BUTTON_LABEL}
      </span>{' '}
      <span className="sos-button__hint" aria-hidden="true">
        {sending ? SOS_SENDING_HINT : SOS_BUTTON_HINT}
      </span>
    </button>
  );
}
