import { useQuery } from '@tanstack/react-query';
import { DESK_SEARCH_MIN_LENGTH, type DeskAuditLine, type DeskClient } from '#shared/api/desk.ts';
import { useDeskRequest } from '../desk-request.ts';

/** Consenting clients by name or phone; every search is written to the audit log by the server. */
export function useDeskSearch(query: string) {
  const request = useDeskRequest();
  const q = query.trim();
  return useQuery({
    queryKey: ['desk', 'clients', q],
    queryFn: () => request<DeskClient[]>('GET', `/desk/clients?q=${encodeURIComponent(q)}`),
    enabled: q.length >= DESK_SEARCH_MIN_LENGTH,
    staleTime: Infinity,
  });
}

/** The admins' audit log. */
export function useDeskAudit() {
  const request = useDeskRequest();
  return useQuery({ queryKey: ['desk', 'audit'], queryFn: () => request<DeskAuditLine[]>('GET', '/desk/audit') });
}

/** The searches that would have found this name or phone: whether someone was looked up. */
export function useDeskAuditLookup(nameOrPhone: string) {
  const request = useDeskRequest();
  const q = nameOrPhone.trim();
  return useQuery({
    queryKey: ['desk', 'audit', 'lookup', q],
    queryFn: () => request<DeskAuditLine[]>('GET', `/desk/audit?q=${encodeURIComponent(q)}`),
    enabled: q.length > 0,
    retry: false,
  });
}
