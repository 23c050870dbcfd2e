import { deskAccessTexts as t } from './desk-access-texts.ts';
import { useDeskPhoneNotifications } from './use-desk-phone-notifications.ts';

/** 'Recibir avisos en este teléfono', beside 'De guardia' in the desk's header. */
export function DeskPhoneSwitch() {
  const { state, turnOn, turnOff } = useDeskPhoneNotifications();
  const on = state === 'on';
  const why =
    state === 'unsupported'
      ? t.phoneUnsupported
      : state === 'denied'
        ? t.phoneDenied
        : state === 'failed'
          ? t.phoneFailed
          : undefined;
  return (
    <>
      <label className="desk-layout__switch" title={t.phoneHint}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={state === 'checking' || state === 'busy' || state === 'unsupported' || state === 'denied'}
          onChange={(event) => void (event.target.checked ? turnOn() : turnOff())}
        />
        {t.phone}
      </label>
      {why && (
        <p className="desk-layout__note" role="status">
          {why}
        </p>
      )}
    </>
  );
}
