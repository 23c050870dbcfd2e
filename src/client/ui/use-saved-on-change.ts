import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from './toast-store.ts';

/**
 * What a control saved on every change shows: the person's pick from the tap on, until the saved value
 * catches up with it; the saved value otherwise. Showing the save's own variables is not enough: its
 * pending state reaches React a tick after the tap, and in between a controlled input springs back to
 * the saved value, which reads as a tap that did not take.
 */
export function usePickedUntilSaved<T>(saved: T, same: (a: T, b: T) => boolean = Object.is) {
  const [picked, setPicked] = useState<{ value: T } | null>(null);
  // Adjusted while rendering, as React advises for state that follows a prop: no frame shows the old value.
  if (picked && same(picked.value, saved)) setPicked(null);
  return {
    shown: picked ? picked.value : saved,
    /** The person's pick, or the value the save answered with. */
    pick: (value: T) => setPicked({ value }),
    /** The save failed: back to the saved value. */
    forget: () => setPicked(null),
  };
}

type SavedOnChange<T, V, R> = {
  /** The value as the server has it now. */
  saved: T;
  same?: (a: T, b: T) => boolean;
  /** The save, whose reply is the saved resource. */
  mutation: Pick<UseMutationResult<R, Error, V>, 'mutate' | 'isPending'>;
  /** What the control shows for a change while it is being saved. */
  picked: (variables: V) => T;
  /** The value the server answered with, and what the notice says of it. */
  answered: (reply: R) => T;
  savedMessage: (reply: R) => string;
};

/**
 * A control saved as soon as it changes: the pick at once, then the value the server answered with
 * its notice; when the save fails, the saved value again and the server's message.
 */
export function useSavedOnChange<T, V, R>({
  saved,
  same,
  mutation,
  picked,
  answered,
  savedMessage,
}: SavedOnChange<T, V, R>) {
  const { shown, pick, forget } = usePickedUntilSaved(saved, same);
  const change = (variables: V) => {
    pick(picked(variables));
    mutation.mutate(variables, {
      onSuccess: (reply) => {
        pick(answered(reply));
        showToast({ message: savedMessage(reply) });
      },
      onError: (error) => {
        forget();
        showToast({ message: error.message, variant: 'danger' });
      },
    });
  };
  return { shown, saving: mutation.isPending, change };
}
