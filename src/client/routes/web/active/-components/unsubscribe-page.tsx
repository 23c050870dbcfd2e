import { useSearch } from '@tanstack/react-router';
import { UnsubscribeScreen } from '#client/features/contacts/unsubscribe/unsubscribe-screen.tsx';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

export function UnsubscribePage() {
  const { token = '' } = useSearch({ from: '/web/active/unsubscribe' });
  return <UnsubscribeScreen token={token} />;
}
