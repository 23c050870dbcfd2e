import { dismissToast, getToasts } from '#client/ui/toast-store.ts';

/** The toast store outlives a test (toasts close after 20 s): start each test with none. */
export function dismissAllToasts(): void {
  for (const toast of getToasts()) dismissToast(toast.id);
}
