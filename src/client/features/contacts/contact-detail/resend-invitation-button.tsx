import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-error.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { contactQueryOptions } from '#client/api/contacts.ts';
import { useInviteContactMutation } from '#client/api/contact-changes.ts';

export function ResendInvitationButton({ contactId }: { contactId: string }) {
  const queryClient = useQueryClient();
  const invite = useInviteContactMutation();
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={invite.isPending}
      onClick={() =>
        invite.mutate(contactId, {
          onSuccess: (message) => showToast({ message }),
          onError: (error) => {
            showToast({ message: error.message, variant: 'danger' });
            // 409: verified or unsubscribed meanwhile; the screen catches up.
            if (error instanceof ApiError && error.status === 409) {
              void queryClient.invalidateQueries({ queryKey: contactQueryOptions(contactId).queryKey });
            }
          },
        })
      }
    >
      {invite.isPending ? 'Enviando…' : 'Reenviar invitación'}
    </button>
  );
}
