import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { HTML_LANG, type Language } from '#shared/language.ts';
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
  /** A contact reads the terms in their language; the person always in Spanish. */
  language?: Language;
  /** The terms' text in that language (terms-text-en.tsx and the others, handed in so sign-up never downloads them); Spanish when absent. */
  text?: ReactNode;
  /** The title and 'Aceptar' in that language (the contact's catalogue); Spanish when absent. */
  labels?: { termsTitle: string; termsAccept: string };
  /** Above the title: the contact's language switch. */
  top?: ReactNode;
}

/**
 * The terms and conditions over the whole screen. Focus moves to the title when
 * it opens and back to whatever opened it when it closes; Escape closes it when
 * closing is allowed. Tab stays inside: the form under it is hidden, and a
 * focus there would be lost from sight.
 */
export function TermsScreen({
  onAccept,
  onClose,
  acceptPending = false,
  intro,
  language = 'es',
  text,
  labels,
  top,
}: Props) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    titleRef.current?.focus();
    return () => opener?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) onClose();
    if (event.key !== 'Tab' || !screenRef.current) return;
    const focusable = Array.from(
      screenRef.current.querySelectorAll<HTMLElement>('[tabindex="0"], a[href], button:not(:disabled)'),
    );
    const at = focusable.indexOf(document.activeElement as HTMLElement);
    let wrapTo: HTMLElement | undefined;
    // From the title (focused on open, not in the list) Shift+Tab wraps to the last button too.
    if (event.shiftKey && at <= 0) wrapTo = focusable.at(-1);
    if (!event.shiftKey && at === focusable.length - 1) wrapTo = focusable[0];
    if (wrapTo) {
      event.preventDefault();
      wrapTo.focus();
    }
  }

  return (
    <div
      ref={screenRef}
      className="terms-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="terms-title"
      onKeyDown={handleKeyDown}
    >
      {/* Focusable, so the keyboard can scroll the text once the focus has left the title. */}
      <div
        className="terms-screen__body"
        role="region"
        aria-labelledby="terms-title"
        tabIndex={0}
        lang={HTML_LANG[language]}
      >
        {top}
        <h2 id="terms-title" ref={titleRef} tabIndex={-1}>
          {labels?.termsTitle ?? 'Términos y condiciones'}
        </h2>
        {intro}
        {text ?? <TermsText />}
      </div>
      <div className="terms-screen__actions">
        {onClose && (
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={onAccept}
          disabled={acceptPending}
          aria-busy={acceptPending || undefined}
        >
          {labels?.termsAccept ?? 'Aceptar'}
        </button>
      </div>
    </div>
  );
}
