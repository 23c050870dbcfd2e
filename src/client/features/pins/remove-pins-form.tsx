import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useState } from 'react';
import { pinMessages, pinsDeleteSchema } from '#shared/api/pins.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useDeletePins } from '#client/api/pins.ts';
import { pinsReply } from './pin-errors.ts';
import { PinInput } from './pin-input.tsx';
import { PIN_LABEL } from './pins-texts.ts';

/** Removes the PINs with the real PIN. */
export function RemovePinsForm() {
  const remove = useDeletePins();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm<{ pin: string }>({
    id: 'remove-pins',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: pinsDeleteSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      remove.mutate(submission.value.pin, {
        onSuccess: () => showToast({ message: pinMessages.deleted }),
        // A wrong PIN is typed again from an empty field.
        onError: (error) => setLastResult(pinsReply(submission, error, ['pin'])),
      });
    },
  });

  return (
    <form {...getFormProps(form)} aria-label="Quitar mis PIN">
      <PinInput label={PIN_LABEL} meta={fields.pin} />
      {form.errors?.[0] && (
        <p id={form.errorId} className="field__error" role="alert">
          {form.errors[0]}
        </p>
      )}
      <button type="submit" className="button button--ghost button--block" disabled={remove.isPending}>
        Quitar PIN
      </button>
    </form>
  );
}
