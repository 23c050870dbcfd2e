import { useState, type FormEvent } from 'react';
import { pinMessages } from '#shared/api/pins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useSetPins } from '#client/api/pins.ts';
import { pinErrors } from './pin-errors.ts';
import { PinInput } from './pin-input.tsx';
import { CURRENT_LABEL, DURESS_EXPLAIN, DURESS_LABEL, PIN_LABEL } from './pins-texts.ts';

/** Sets both PINs, or changes them (then the current PIN is needed too). */
export function SetPinsForm({ change }: { change: boolean }) {
  const save = useSetPins();
  const [pin, setPin] = useState('');
  const [duress, setDuress] = useState('');
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d{4}$/.test(pin)) found.pin = pinMessages.pinFormat;
    if (!/^\d{4}$/.test(duress)) found.duress_pin = pinMessages.duressFormat;
    else if (duress === pin) found.duress_pin = pinMessages.pinsEqual;
    if (change && current === '') found.current_pin = pinMessages.currentRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { pin, duress_pin: duress, ...(change ? { current_pin: current } : {}) },
      {
        onSuccess: () => {
          setPin('');
          setDuress('');
          setCurrent('');
          showToast({ message: pinMessages.saved });
        },
        onError: (error) => setErrors(pinErrors(error)),
      },
    );
  }

  const prefix = change ? 'change' : 'set';
  return (
    <form noValidate onSubmit={submit} aria-label={change ? 'Cambiar mis PIN' : 'Poner PIN'}>
      {change && (
        <PinInput
          id={`${prefix}-current`}
          label={CURRENT_LABEL}
          value={current}
          onChange={setCurrent}
          error={errors.current_pin}
        />
      )}
      <PinInput
        id={`${prefix}-pin`}
        label={change ? `Nuevo ${PIN_LABEL}` : PIN_LABEL}
        value={pin}
        onChange={setPin}
        error={errors.pin}
        hint="4 números."
      />
      <PinInput
        id={`${prefix}-duress`}
        label={DURESS_LABEL}
        value={duress}
        onChange={setDuress}
        error={errors.duress_pin}
        hint={DURESS_EXPLAIN}
      />
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={save.isPending} aria-busy={save.isPending}>
        {change ? 'Cambiar PIN' : 'Guardar PIN'}
      </button>
    </form>
  );
}
