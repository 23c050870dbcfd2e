import { useState } from 'react';
import { detentionMessages } from '#shared/api/detention-info.ts';
import { Dialog } from '#client/ui/dialog.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { useDeleteDetentionInfo } from '#client/api/detention-info.ts';
import { DETENTION_DELETE, DETENTION_DELETE_CONFIRM } from './detention-texts.ts';

/** 'Borrar mi información', after a confirmation. */
export function DeleteDetentionButton({ onDeleted }: { onDeleted: () => void }) {
  const remove = useDeleteDetentionInfo();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block detention__delete"
        onClick={() => setAsking(true)}
      >
        {DETENTION_DELETE}
      </button>
      {asking && (
        <Dialog
          title="¿Borrar tu información de detención?"
          role="alertdialog"
          onDismiss={() => setAsking(false)}
          actions={
            <>
              <button
                type="button"
                className="button button--danger button--block"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      setAsking(false);
                      showToast({ message: detentionMessages.deleted });
                      onDeleted();
                    },
                    onError: (error) => showToast({ message: error.message, variant: 'danger' }),
                  })
                }
              >
                Sí, borrar
              </button>
              <button
                type="button"
                className="button button--ghost button--block"
                data-autofocus
                onClick={() => setAsking(false)}
              >
                Cancelar
              </button>
            </>
          }
        >
          <p>{DETENTION_DELETE_CONFIRM}</p>
        </Dialog>
      )}
    </>
  );
}
