import { useParams } from '@tanstack/react-router';
import { CaseScreen } from '#client/features/desk-cases/case-screen.tsx';

export function DeskCasePage() {
  const { alertId } = useParams({ from: '/web/desk/_desk/$alertId' });
  return <CaseScreen alertId={alertId} />;
}
