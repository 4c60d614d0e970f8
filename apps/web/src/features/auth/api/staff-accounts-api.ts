import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { extractErrorText } from '@bullpen/contract/errors';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import {
  STAFF_AUDIT_PAGE_SIZE,
  STAFF_USERS_PAGE_SIZE,
  type StaffAction,
  type StaffAuditEntry,
  type StaffUser,
  type StaffUserRole,
  type StaffUserStatus,
} from '@bullpen/contract/users';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { readToken } from '@/lib/token-cookie.ts';

/** The staff page of accounts (docs/decisions/035): what the filters ask for. */
export type StaffUsersFilter = {
  search: string;
  role: StaffUserRole | '';
  status: StaffUserStatus | '';
};

export const staffUsersQueryOptions = (filter: StaffUsersFilter, page: number) => ({
  queryKey: ['staff', 'users', filter, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<Page<StaffUser>>(
      withQuery(api.staffUsers.build(), {
        search: filter.search || undefined,
        role: filter.role || undefined,
        status: filter.status || undefined,
        page,
        page_size: STAFF_USERS_PAGE_SIZE,
      }),
      undefined,
      { signal },
    ),
});

export function useStaffUsers(filter: StaffUsersFilter, page: number, enabled: boolean) {
  return useQuery({
    ...staffUsersQueryOptions(filter, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Turn an account off or on again; the lists and the audit log are read again after. */
export function useSetAccountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiClient.post<StaffUser>(
        active ? api.staffUserReactivate.build({ id }) : api.staffUserDeactivate.build({ id }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const staffAuditQueryOptions = (action: StaffAction | '', page: number) => ({
  queryKey: ['staff', 'audit-log', action, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<Page<StaffAuditEntry>>(
      withQuery(api.staffAuditLog.build(), {
        action: action || undefined,
        page,
        page_size: STAFF_AUDIT_PAGE_SIZE,
      }),
      undefined,
      { signal },
    ),
});

export function useStaffAudit(action: StaffAction | '', page: number, enabled: boolean) {
  return useQuery({
    ...staffAuditQueryOptions(action, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the audit log as CSV: it needs the Authorization header, so a plain link cannot
 * fetch it; the file is fetched, then saved under the server's file name.
 */
export async function downloadStaffAudit(action: StaffAction | ''): Promise<void> {
  const token = readToken();
  const response = await fetch(
    withQuery(api.staffAuditLogExport.build(), { action: action || undefined }),
    { headers: token ? { Authorization: `JWT ${token}` } : {}, credentials: 'same-origin' },
  );
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body, extractErrorText(body) || response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? 'bullpen-audit-log.csv';
  saveFile(await response.blob(), fileName);
}
