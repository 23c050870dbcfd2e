import { useNavigate } from '@tanstack/react-router';

/** Opens one case's page, at the address the escalation e-mail uses. */
export function useOpenCase(): (alertId: string) => void {
  const navigate = useNavigate();
  return (alertId) => void navigate({ to: '/web/desk/$alertId', params: { alertId } });
}
