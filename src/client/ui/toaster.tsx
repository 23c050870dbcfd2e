import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type ToastVariant } from './toast-store.ts';
import './toaster.css';

const defaultIcons: Record<ToastVariant, string> = { success: '✓', danger: '!', warning: '!', info: 'i' };

/**
 * Two live regions exist from the first render, so screen readers announce
 * what is added later: dangers interrupt (alert), the rest wait (status).
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
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
}: {
  id: number;
  message: string;
  variant: ToastVariant;
  icon?: string;
}) {
  return (
    <div className={`toast toast--${variant}`}>
      <span className="toast__icon" aria-hidden="true">
        {icon ?? defaultIcons[variant]}
      </span>
      <p className="toast__message">{message}</p>
      <button type="button" className="toast__close" aria-label="Cerrar aviso" onClick={() => dismissToast(id)}>
        ×
      </button>
    </div>
  );
}
