import { useState } from 'react';
import { Dialog } from '#client/ui/dialog.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { deleteAccount } from '../api/delete-account.ts';
import {
  DELETE_ACCOUNT,
  DELETE_ACCOUNT_CANCEL,
  DELETE_ACCOUNT_CONFIRM,
  DELETE_ACCOUNT_INTRO,
  DELETE_ACCOUNT_PENDING,
  DELETE_ACCOUNT_QUESTION,
  DELETE_ACCOUNT_WARNING,
} from './delete-account-texts.ts';
import './delete-account.css';

type Props = {
  /** Once the server said the account is deleted: forget everything on this phone (the route passes sign-out's). */
  onDeleted: () => void | Promise<void>;
};

/**
 * Deleting the account, behind a question that says what goes. The safe answer has
 * the focus. During an alert or a check-in the PIN prompt asks first.
 */
export function DeleteAccountSection({ onDeleted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
    } catch (error) {
      setDeleting(false);
      setConfirming(false);
      showToast({ message: (error as Error).message, variant: 'danger' });
      return;
    }
    await onDeleted();
  };
  return (
    <section className="delete-account" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{DELETE_ACCOUNT}</h2>
      <p className="muted">{DELETE_ACCOUNT_INTRO}</p>
      <button type="button" className="button button--danger button--block" onClick={() => setConfirming(true)}>
        {DELETE_ACCOUNT}
      </button>
      {confirming && (
        <Dialog
          role="alertdialog"
          title={DELETE_ACCOUNT_QUESTION}
          onDismiss={() => !deleting && setConfirming(false)}
          actions={
            <>
              <button
                type="button"
                className="button"
                data-autofocus
                disabled={deleting}
                onClick={() => setConfirming(false)}
              >
                {DELETE_ACCOUNT_CANCEL}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={deleting}
                onClick={() => void confirm()}
              >
                {deleting ? DELETE_ACCOUNT_PENDING : DELETE_ACCOUNT_CONFIRM}
              </button>
            </>
          }
        >
          <p>{DELETE_ACCOUNT_WARNING}</p>
        </Dialog>
      )}
    </section>
  );
}
