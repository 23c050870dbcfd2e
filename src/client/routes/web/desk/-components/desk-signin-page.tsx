import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DeskSigninScreen } from '#client/features/desk-access/desk-signin-screen.tsx';
import { deskQueryRoot } from '#client/lib/desk/desk-session.ts';

export function DeskSigninPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <DeskSigninScreen
      onSignedIn={() => {
        // Nothing of an earlier session's desk may show in this one.
        queryClient.removeQueries({ queryKey: [deskQueryRoot] });
        void navigate({ to: '/web/desk', replace: true });
      }}
    />
  );
}
