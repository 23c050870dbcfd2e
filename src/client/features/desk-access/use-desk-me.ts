import { useQuery } from '@tanstack/react-query';
import type { StaffMe } from '#shared/api/staff.ts';
import { deskMeKey, deskRequest, deskToken } from '#client/lib/desk/desk-session.ts';

/** Who is at the desk (GET /api/desk/me): role, permissions, 'De guardia', the firm's name. */
export function useDeskMe() {
  return useQuery({
    queryKey: deskMeKey,
    queryFn: () => deskRequest<StaffMe>('GET', '/desk/me'),
    enabled: deskToken() !== undefined,
    retry: false,
  });
}
