import { getRouteApi } from '@tanstack/react-router';
import { UnsubscribeScreen } from '#client/features/contacts/unsubscribe/unsubscribe-screen.tsx';

const route = getRouteApi('/web/active/unsubscribe');

export function UnsubscribePage() {
  const { token = '' } = route.useSearch();
  return <UnsubscribeScreen token={token} />;
}
