import { useEffect, useRef } from 'react';
import { TermsText } from './terms-text.tsx';
import './terms-screen.css';

interface Props {
  onAccept: () => void;
  /** Without it there is no 'Cerrar' button (SPEC.md section 2). */
  onClose?: () => void;
}

/**
 * The terms and conditions over the whole screen. Focus moves to the title when
 * it opens and back to whatever opened it when it closes; Escape closes it when
 * closing is allowed.
 */
export function TermsScreen({ onAccept, onClose }: Props) {
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
        <TermsText />
      </div>
      <div className="terms-screen__actions">
        {onClose && (
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        )}
        <button type="button" className="button" onClick={onAccept}>
          Aceptar
        </button>
      </div>
    </div>
  );
}
