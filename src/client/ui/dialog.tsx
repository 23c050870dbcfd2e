import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

interface Props {
  title: string;
  children: ReactNode;
  /** The buttons. The one marked `data-autofocus` gets the focus on open (else the title). */
  actions: ReactNode;
  /** Escape calls it; without it Escape does nothing. */
  onDismiss?: () => void;
  /** 'alertdialog' for a question that needs an answer (a deletion, a choice). */
  role?: 'dialog' | 'alertdialog';
  /** Covers the whole screen (help and install guides) instead of a panel over the page. */
  fullScreen?: boolean;
}

/**
 * A modal dialog over the page. jsdom and older Safari lack `showModal()`, so the
 * modal behaviour is ours: the rest of the page is made inert while it is open,
 * Tab cycles inside it, focus moves in on open and back to the opener on close.
 */
export function Dialog({ title, children, actions, onDismiss, role = 'dialog', fullScreen = false }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // A layout effect: the page is inert and the focus inside from the dialog's first frame, never a frame
  // (or, when it arrives as lazy code, a scheduler task) later, where a tap or a key could still reach the page.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const outside = Array.from(document.body.children).filter(
      (element) => element !== backdrop.current && !element.hasAttribute('inert'),
    );
    for (const element of outside) element.setAttribute('inert', '');
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>('h2');
    first?.focus();
    return () => {
      for (const element of outside) element.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onDismiss) {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(
      panel.current.querySelectorAll<HTMLElement>(
        'button:not(:disabled), a[href], input:not(:disabled), select, textarea',
      ),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className={fullScreen ? 'dialog-backdrop dialog-backdrop--full' : 'dialog-backdrop'} ref={backdrop}>
      <div
        ref={panel}
        className={fullScreen ? 'dialog dialog--full' : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title" tabIndex={-1}>
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
