import { TOAST_DURATION_MS } from '#shared/constants.ts';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  icon?: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a notice (SPEC.md section 8): success by default, gone after 20 s. */
export function showToast(input: { message: string; variant?: ToastVariant; icon?: string; durationMs?: number }): number {
  const toast: Toast = { id: nextId++, message: input.message, variant: input.variant ?? 'success', icon: input.icon };
  emit([...toasts, toast]);
  setTimeout(() => dismissToast(toast.id), input.durationMs ?? TOAST_DURATION_MS);
  return toast.id;
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}
