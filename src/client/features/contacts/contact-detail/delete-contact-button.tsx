import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { track } from '#client/lib/analytics.ts';
import { Dialog } from '#client/ui/dialog.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { contactQueryOptions } from '#client/api/contacts.ts';
import { useDeleteContactMutation } from '#client/api/contact-changes.ts';

export function DeleteContactButton({ contactId, fullName }: { contactId: string; fullName: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useDeleteContactMutation();
  const [confirming, setConfirming] = useState(false);

  function confirm() {
    remove.mutate(contactId, {
      onSuccess: async (message) => {
        track('contact_delete');
        await navigate({ to: '/web/home', replace: true });
        // Said where the person lands: home, or where home sends them (the first-contact screen after
        // the only contact, the alert screen during an alert). A notice for home alone would be lost there.
        showToast({ message, screen: router.state.location.pathname });
        // Only now: while this screen was open, removing its query would have fetched it again.
        queryClient.removeQueries({ queryKey: contactQueryOptions(contactId).queryKey, exact: true });
      },
      onError: (error) => {
        setConfirming(false);
        showToast({ message: error.message, variant: 'danger' });
      },
    });
  }

  return (
    <>
      <button type="button" className="button button--danger button--block" onClick={() => setConfirming(true)}>
        Eliminar contacto
      </button>
      {confirming && (
        <Dialog
          role="alertdialog"
          title={`¿Eliminar a ${fullName}?`}
          onDismiss={() => !remove.isPending && setConfirming(false)}
          actions={
            <>
              <button
                type="button"
                className="button button--ghost"
                data-autofocus
                disabled={remove.isPending}
                onClick={() => setConfirming(false)}
              >
                Cancelar
              </button>
              <button type="button" className="button button--danger" disabled={remove.isPending} onClick={confirm}>
                {remove.isPending ? 'Eliminando…' : 'Eliminar'}
              </button>
            </>
          }
        >
          <p>Dejará de recibir tus alertas.</p>
          <p>Esta acción no se puede deshacer.</p>
        </Dialog>
      )}
    </>
  );
}
