import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const deskAuditKey = ['desk', 'audit'] as const;

/** The admins' audit log. */
export function useDeskAudit() {
  const request = useDeskRequest();
  return useQuery({ queryKey: deskAuditKey, queryFn: () => request<DeskAuditLine[]>('GET', '/desk/audit') });
}

/**
 * The searches that would have found this name or phone: whether someone was looked up. Asking is
 * itself written to the log, so it is an act the admin makes, never a query read again on focus; the
 * log's table is read again to show it.
 */
export function useDeskAuditLookup() {
  const request = useDeskRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nameOrPhone: string) =>
      request<DeskAuditLine[]>('GET', `/desk/audit?q=${encodeURIComponent(nameOrPhone.trim())}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskAuditKey, exact: true }),
  });
}
