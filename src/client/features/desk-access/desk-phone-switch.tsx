import { deskAccessTexts as t } from './desk-access-texts.ts';
import { DeskSwitch } from './desk-switch.tsx';
import { useDeskPhoneNotifications } from './use-desk-phone-notifications.ts';

/** 'Recibir avisos en este teléfono', beside 'De guardia' in the desk's header. */
export function DeskPhoneSwitch() {
  const { state, turnOn, turnOff } = useDeskPhoneNotifications();
  const note =
    state === 'unsupported'
      ? t.phoneUnsupported
      : state === 'denied'
        ? t.phoneDenied
        : state === 'failed'
          ? t.phoneFailed
          : state === 'unknown'
            ? t.phoneUnknown
            : undefined;
  return (
    <DeskSwitch
      label={t.phone}
      hint={t.phoneHint}
      on={state === 'on'}
      disabled={state === 'checking' || state === 'busy' || state === 'unsupported' || state === 'denied'}
      note={note}
      onToggle={(next) => (next ? turnOn() : turnOff())}
    />
  );
}
