import { ClientSearch } from '#client/features/desk-cases/client-search.tsx';
import { useOpenCase } from './use-open-case.ts';

export function DeskSearchPage() {
  return <ClientSearch onOpenCase={useOpenCase()} />;
}
