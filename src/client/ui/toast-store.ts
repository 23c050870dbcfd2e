import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { createStore } from '#client/lib/create-store.ts';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  icon?: string;
}

const store = createStore<readonly Toast[]>(() => []);
let nextId = 1;

export const getToasts = store.get;
export const subscribeToasts = store.subscribe;

/** Shows a notice (SPEC.md section 8): success by default, gone after 20 s. */
export function showToast(input: {
  message: string;
  variant?: ToastVariant;
  icon?: string;
  durationMs?: number;
}): number {
  const toast: Toast = { id: nextId++, message: input.message, variant: input.variant ?? 'success', icon: input.icon };
  store.set([...store.get(), toast]);
  setTimeout(() => dismissToast(toast.id), input.durationMs ?? TOAST_DURATION_MS);
  return toast.id;
}

export function dismissToast(id: number): void {
  const toasts = store.get();
  if (toasts.some((toast) => toast.id === id)) store.set(toasts.filter((toast) => toast.id !== id));
}
