import { DeskTeamScreen } from '#client/features/desk-access/desk-team-screen.tsx';

export function DeskTeamPage() {
  return <DeskTeamScreen />;
}
