import { useState, type FormEvent } from 'react';
import { pinMessages } from '#shared/api/pins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useDeletePins } from '#client/api/pins.ts';
import { pinErrors } from './pin-errors.ts';
import { PinInput } from './pin-input.tsx';
import { PIN_LABEL } from './pins-texts.ts';

/** Removes the PINs with the real PIN. */
export function RemovePinsForm() {
  const remove = useDeletePins();
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pin === '') {
      setErrors({ pin: pinMessages.pinRequired });
      return;
    }
    remove.mutate(pin, {
      onSuccess: () => showToast({ message: pinMessages.deleted }),
      onError: (error) => {
        setErrors(pinErrors(error));
        setPin('');
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Quitar mis PIN">
      <PinInput id="remove-pin" label={PIN_LABEL} value={pin} onChange={setPin} error={errors.pin} />
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--ghost button--block" disabled={remove.isPending}>
        Quitar PIN
      </button>
    </form>
  );
}
