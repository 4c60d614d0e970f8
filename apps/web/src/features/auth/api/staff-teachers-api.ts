import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import {
  STAFF_TEACHERS_PAGE_SIZE,
  type StaffTeacher,
  type TeacherTrustStatus,
} from '@bullpen/contract/users';
import { apiClient } from '@/lib/api-client.ts';

/** The staff page of teachers (docs/decisions/028): pending or trusted, a page at a time. */
export const staffTeachersQueryOptions = (status: TeacherTrustStatus, page: number) => ({
  queryKey: ['staff', 'teachers', status, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<Page<StaffTeacher>>(
      withQuery(api.staffTeachers.build(), {
        status,
        page,
        page_size: STAFF_TEACHERS_PAGE_SIZE,
      }),
      undefined,
      { signal },
    ),
});

export function useStaffTeachers(status: TeacherTrustStatus, page: number, enabled: boolean) {
  return useQuery({
    ...staffTeachersQueryOptions(status, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Approve (trust) a teacher, or take the trust back; both lists are read again after. */
export function useSetTeacherTrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, trusted }: { id: number; trusted: boolean }) => {
      const url = api.staffTeacherTrust.build({ id });
      return trusted ? apiClient.post<StaffTeacher>(url) : apiClient.delete<StaffTeacher>(url);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'teachers'] }),
  });
}
