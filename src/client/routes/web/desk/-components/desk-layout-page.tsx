import { DeskLayout } from '#client/features/desk-access/desk-layout.tsx';

export function DeskLayoutPage() {
  return <DeskLayout />;
}
