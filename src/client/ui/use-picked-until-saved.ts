import { useState } from 'react';

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
