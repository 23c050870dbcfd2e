import { useState } from 'react';
import { useSignOut } from './use-sign-out.ts';
import { Dialog } from '#client/ui/dialog.tsx';
import {
  SIGN_OUT,
  SIGN_OUT_CANCEL,
  SIGN_OUT_CONFIRM,
  SIGN_OUT_LEAVING,
  SIGN_OUT_QUESTION,
  SIGN_OUT_WARNING,
} from './sign-out-texts.ts';
import './sign-out.css';

/**
 * Signing out turns SOS off until the next sign-in, which needs e-mail, a code and signal: so it
 * lives here, out of the way of every screen's header, and asks first, saying what it costs.
 */
export function SignOutSection() {
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <section className="sign-out" aria-labelledby="sign-out-title">
      <h2 id="sign-out-title">{SIGN_OUT}</h2>
      <button type="button" className="button button--ghost button--block" onClick={() => setConfirming(true)}>
        {SIGN_OUT}
      </button>
      {confirming && (
        <Dialog
          role="alertdialog"
          title={SIGN_OUT_QUESTION}
          onDismiss={() => !leaving && setConfirming(false)}
          actions={
            <>
              <button
                type="button"
                className="button"
                data-autofocus
                disabled={leaving}
                onClick={() => setConfirming(false)}
              >
                {SIGN_OUT_CANCEL}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={leaving}
                aria-busy={leaving}
                onClick={() => {
                  setLeaving(true);
                  // Still signed in (the phone could not forget them, and was told so): they may try again.
                  void signOut().then((signedOut) => {
                    if (!signedOut) setLeaving(false);
                  });
                }}
              >
                {leaving ? SIGN_OUT_LEAVING : SIGN_OUT_CONFIRM}
              </button>
            </>
          }
        >
          <p>{SIGN_OUT_WARNING}</p>
        </Dialog>
      )}
    </section>
  );
}
