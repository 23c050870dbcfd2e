import { ActiveAlertsScreen } from '#client/features/desk-cases/active-alerts-screen.tsx';
import { useOpenCase } from './use-open-case.ts';

export function DeskIndexPage() {
  return <ActiveAlertsScreen onOpenCase={useOpenCase()} />;
}
