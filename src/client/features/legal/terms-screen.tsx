import { useEffect, useRef, type ReactNode } from 'react';
import { TermsText } from './terms-text.tsx';
import './terms-screen.css';

interface Props {
  onAccept: () => void;
  /** Without it there is no 'Cerrar' button (SPEC.md section 2). */
  onClose?: () => void;
  /** While the acceptance is being sent: 'Aceptar' waits. */
  acceptPending?: boolean;
  /** A few words above the terms on why they are shown. */
  intro?: ReactNode;
}

/**
 * The terms and conditions over the whole screen. Focus moves to the title when
 * it opens and back to whatever opened it when it closes; Escape closes it when
 * closing is allowed.
 */
export function TermsScreen({ onAccept, onClose, acceptPending = false, intro }: Props) {
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    titleRef.current?.focus();
    return () => opener?.focus();
  }, []);

  return (
    <div
      className="terms-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="terms-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose) onClose();
      }}
    >
      <div className="terms-screen__body">
        <h2 id="terms-title" ref={titleRef} tabIndex={-1}>
          Términos y condiciones
        </h2>
        {intro}
        <TermsText />
      </div>
      <div className="terms-screen__actions">
        {onClose && (
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        )}
        <button type="button" className="button" onClick={onAccept} disabled={acceptPending} aria-busy={acceptPending || undefined}>
          Aceptar
        </button>
      </div>
    </div>
  );
}
