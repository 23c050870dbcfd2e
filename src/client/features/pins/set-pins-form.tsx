import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useState } from 'react';
import { pinMessages, pinsChangeSchema, pinsSetSchema, type PinsSetInput } from '#shared/api/pins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useSetPins } from '#client/api/pins.ts';
import { pinsReply } from './pin-errors.ts';
import { PinInput } from './pin-input.tsx';
import { CURRENT_LABEL, DURESS_EXPLAIN, DURESS_LABEL, PIN_LABEL } from './pins-texts.ts';

/** Sets both PINs, or changes them (then the current PIN is needed too). */
export function SetPinsForm({ change }: { change: boolean }) {
  const save = useSetPins();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: change ? 'change-pins' : 'set-pins',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: change ? pinsChangeSchema : pinsSetSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const { pin, duress_pin, current_pin } = submission.value as PinsSetInput;
      save.mutate(
        { pin, duress_pin, ...(change ? { current_pin } : {}) },
        {
          onSuccess: () => {
            form.reset();
            showToast({ message: pinMessages.saved });
          },
          onError: (error) => setLastResult(pinsReply(submission, error)),
        },
      );
    },
  });

  return (
    <form {...getFormProps(form)} aria-label={change ? 'Cambiar mis PIN' : 'Poner PIN'}>
      {change && <PinInput label={CURRENT_LABEL} meta={fields.current_pin} />}
      <PinInput label={change ? `Nuevo ${PIN_LABEL}` : PIN_LABEL} meta={fields.pin} hint="4 números." />
      <PinInput label={DURESS_LABEL} meta={fields.duress_pin} hint={DURESS_EXPLAIN} />
      {form.errors?.[0] && (
        <p id={form.errorId} className="field__error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <button type="submit" className="button button--block" disabled={save.isPending} aria-busy={save.isPending}>
        {change ? 'Cambiar PIN' : 'Guardar PIN'}
      </button>
    </form>
  );
}
