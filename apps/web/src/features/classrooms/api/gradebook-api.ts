import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkAward, Gradebook, GradebookFormat } from '@bullpen/contract/classroom-gradebook';
import type { ReminderResult } from '@bullpen/contract/classroom-lessons';
import { extractErrorText } from '@bullpen/contract/errors';
import { api } from '@bullpen/contract/routes';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { readToken } from '@/lib/token-cookie.ts';

/** The gradebook's filters: a course (null: every course) and a range of UTC days ('' : open). */
export type GradebookFilters = { course: number | null; from: string; to: string };

/** The filters as a query string, only those that are set. */
export function gradebookSearch(filters: GradebookFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (filters.course !== null) params.set('course', String(filters.course));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const gradebookQueryOptions = (id: number, filters: GradebookFilters) =>
  queryOptions({
    queryKey: ['classrooms', 'gradebook', id, filters],
    queryFn: ({ signal }) =>
      apiClient.get<Gradebook>(
        `${api.classroomGradebook.build({ id })}${gradebookSearch(filters)}`,
        undefined,
        { signal },
      ),
  });

export function useGradebook(id: number, filters: GradebookFilters) {
  return useQuery(gradebookQueryOptions(id, filters));
}

/**
 * Fetches a file the server makes (it needs the Authorization header, so a plain link cannot),
 * then saves it under the server's file name, as certificates-api.ts does for certificates.
 */
async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `JWT ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body, extractErrorText(body) || response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  saveFile(await response.blob(), disposition.match(/filename="([^"]+)"/)?.[1] ?? fallbackName);
}

export function downloadGradebook(id: number, filters: GradebookFilters, format: GradebookFormat) {
  return downloadFile(
    `${api.classroomGradebookExport.build({ id })}${gradebookSearch(filters, { format })}`,
    `gradebook.${format}`,
  );
}

export function downloadStudentReport(id: number, userId: number) {
  return downloadFile(api.classroomGradebookReport.build({ id, userId }), 'report.pdf');
}

export function useBulkAward(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { students: number[]; points: number; reason: string }) =>
      apiClient.post<BulkAward>(api.classroomGradebookAwards.build({ id }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
  });
}

export function useBulkRemind(id: number) {
  return useMutation({
    mutationFn: (body: { lesson: number; students: number[] }) =>
      apiClient.post<ReminderResult>(api.classroomGradebookReminders.build({ id }), body),
  });
}
