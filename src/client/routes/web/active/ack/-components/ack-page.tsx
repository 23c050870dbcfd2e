import { getRouteApi } from '@tanstack/react-router';
import { AckScreen } from '#client/features/acknowledge/ack-screen.tsx';

const route = getRouteApi('/web/active/ack/$token');

/** /web/active/ack/{token} */
export function AckPage() {
  const { token } = route.useParams();
  return <AckScreen token={token} />;
}
