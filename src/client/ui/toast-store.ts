import { TOAST_DURATION_MS } from '#shared/constants.ts';
import { createStore } from '#client/lib/create-store.ts';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  icon?: string;
  /** The close button's name for screen readers, in the page's language (a contact's page); Spanish when absent. */
  closeLabel?: string;
  /** The path of the screen it speaks of: leaving that screen takes it away. */
  screen: string;
}

// Before the first screen is known (a notice raised while the app starts) toasts wait for it.
const NO_SCREEN_YET = '';

const store = createStore<readonly Toast[]>(() => []);
const screenShown = createStore(() => NO_SCREEN_YET);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export const getToasts = store.get;
export const subscribeToasts = store.subscribe;

/**
 * Shows a notice (SPEC.md section 8): success by default, gone after 20 s. It belongs to the
 * screen shown now, or to `screen` when it is raised on the way there (a deletion that goes home
 * says so on home). The same notice again on the same screen is the one already shown, its
 * 20 s started over: repeated copies only stack up over the buttons.
 */
export function showToast(input: {
  message: string;
  variant?: ToastVariant;
  icon?: string;
  closeLabel?: string;
  durationMs?: number;
  screen?: string;
}): number {
  const variant = input.variant ?? 'success';
  const screen = input.screen ?? screenShown.get();
  const same = store
    .get()
    .find((toast) => toast.message === input.message && toast.variant === variant && toast.screen === screen);
  const toast: Toast = same ?? {
    id: nextId++,
    message: input.message,
    variant,
    icon: input.icon,
    closeLabel: input.closeLabel,
    screen,
  };
  if (!same) store.set([...store.get(), toast]);
  clearTimeout(timers.get(toast.id));
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), input.durationMs ?? TOAST_DURATION_MS),
  );
  return toast.id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const toasts = store.get();
  if (toasts.some((toast) => toast.id === id)) store.set(toasts.filter((toast) => toast.id !== id));
}

/** The router tells which screen shows: every notice of another screen goes. */
export function enterScreen(path: string): void {
  const first = screenShown.get() === NO_SCREEN_YET;
  screenShown.set(path);
  const toasts = store.get();
  const kept = toasts
    .map((toast) => (first && toast.screen === NO_SCREEN_YET ? { ...toast, screen: path } : toast))
    .filter((toast) => toast.screen === path);
  for (const toast of toasts) {
    if (kept.some((left) => left.id === toast.id)) continue;
    clearTimeout(timers.get(toast.id));
    timers.delete(toast.id);
  }
  if (kept.length !== toasts.length || first) store.set(kept);
}
