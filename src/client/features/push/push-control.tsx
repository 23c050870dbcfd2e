import { useId, useLayoutEffect, useRef } from 'react';
import { es, type PushTexts } from '#shared/push-texts.ts';
import { usePhoneNotifications, type PhoneNotificationState } from './use-phone-notifications.ts';
import './push-control.css';

type Props = {
  /** The link token the page already holds (the accept page's, or the alert's 'Lo tengo' one). */
  token: string;
  /** iOS outside the Home Screen app: push exists only once it is added there. */
  homeScreenFirst: boolean;
  texts?: PushTexts;
};

function stateText(state: PhoneNotificationState, texts: PushTexts): string | undefined {
  switch (state) {
    case 'on':
    case 'turning-off':
      return texts.on;
    case 'off':
    case 'turning-on':
      return texts.off;
    case 'denied':
      return texts.denied;
    case 'unsupported':
      return texts.unsupported;
    case 'home-screen-first':
      return texts.iosAddToHome;
    case 'failed':
      return texts.failed;
    case 'link-gone':
      return texts.linkGone;
    case 'checking':
      return undefined;
  }
}

/**
 * 'Avisos en este teléfono': a contact turns on notifications of alerts on
 * the phone they are holding, besides the e-mails. The browser asks for
 * permission only after the button is pressed.
 */
export function PushControl({ token, homeScreenFirst, texts = es }: Props) {
  const headingId = useId();
  const { state, turnOn, turnOff } = usePhoneNotifications(token, homeScreenFirst);
  const status = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  // The button that had the focus may be gone: the news takes it, before the frame that shows it
  // (a layout effect: a plain effect may run after that frame, with the focus lost on the page meanwhile).
  useLayoutEffect(() => {
    if (
      pressed.current &&
      (state === 'on' || state === 'off' || state === 'denied' || state === 'failed' || state === 'link-gone')
    ) {
      pressed.current = false;
      status.current?.focus();
    }
  }, [state]);

  const canTurnOn = state === 'off' || state === 'failed' || state === 'turning-on';
  const canTurnOff = state === 'on' || state === 'turning-off';
  const busy = state === 'turning-on' || state === 'turning-off';
  const text = stateText(state, texts);

  return (
    <section className="push-control" aria-labelledby={headingId} aria-busy={state === 'checking' || busy}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p>{texts.intro}</p>
      <p ref={status} tabIndex={-1} role="status" className={`push-control__state push-control__state--${state}`}>
        {text}
      </p>
      {canTurnOn && (
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => {
            pressed.current = true;
            void turnOn();
          }}
        >
          {state === 'turning-on' ? texts.turningOn : texts.turnOn}
        </button>
      )}
      {canTurnOff && (
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={busy}
          onClick={() => {
            pressed.current = true;
            void turnOff();
          }}
        >
          {state === 'turning-off' ? texts.turningOff : texts.turnOff}
        </button>
      )}
    </section>
  );
}
