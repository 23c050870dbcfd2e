import { DeskPlaceholder } from '#client/features/desk-access/desk-placeholder.tsx';

export function DeskIndexPage() {
  return <DeskPlaceholder />;
}
