import { useEffect, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type ToastVariant } from './toast-store.ts';
import './toaster.css';

const defaultIcons: Record<ToastVariant, string> = { success: '✓', danger: '!', warning: '!', info: 'i' };

/**
 * Two live regions exist from the first render, so screen readers announce
 * what is added later: dangers interrupt (alert), the rest wait (status).
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  // Not in the first frame: the screens painted from the HTML (and the early home) are taken over
  // by the app's first render reusing their markup, whose first element must stay the screen's.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a second render is the point: after the first commit.
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  const urgent = toasts.filter((toast) => toast.variant === 'danger');
  const polite = toasts.filter((toast) => toast.variant !== 'danger');
  return (
    <div className="toaster">
      <div role="alert" className="toaster__region">
        {urgent.map((toast) => (
          <ToastItem key={toast.id} {...toast} />
        ))}
      </div>
      <div role="status" className="toaster__region">
        {polite.map((toast) => (
          <ToastItem key={toast.id} {...toast} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({
  id,
  message,
  variant,
  icon,
  closeLabel = 'Cerrar aviso',
}: {
  id: number;
  message: string;
  variant: ToastVariant;
  icon?: string;
  closeLabel?: string;
}) {
  return (
    <div className={`toast toast--${variant}`}>
      <span className="toast__icon" aria-hidden="true">
        {icon ?? defaultIcons[variant]}
      </span>
      <p className="toast__message">{message}</p>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => dismissToast(id)}>
        ×
      </button>
    </div>
  );
}
