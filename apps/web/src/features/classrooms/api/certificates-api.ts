import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CERTIFICATE_RECIPIENTS_PAGE_SIZE,
  type Candidates,
  type Certificate,
  type CertificateList,
  type CertificateVerification,
  type GrantCertificatesBody,
  type GrantResult,
} from '@bullpen/contract/certificates';
import { extractErrorText } from '@bullpen/contract/errors';
import type { Course } from '@bullpen/contract/learn';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { readToken } from '@/lib/token-cookie.ts';

/** Course certificates of a class: grant, list, check a code, download the PDF. */
const keys = {
  all: (classroomId: number) => ['certificates', classroomId] as const,
};

/** The catalogue for the teacher's course choice (tens of courses: one page). */
export const certificateCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ['certificates', 'courses'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Course>>(`${api.courses.build()}?page_size=100`, undefined, { signal }),
  });

export function useCertificateCourses(enabled: boolean) {
  return useQuery({ ...certificateCoursesQueryOptions(), enabled });
}

export const candidatesQueryOptions = (classroomId: number, courseId: number) =>
  queryOptions({
    queryKey: [...keys.all(classroomId), 'candidates', courseId],
    queryFn: ({ signal }) =>
      apiClient.get<Candidates>(
        `${api.certificateCandidates.build({ id: classroomId })}?course=${courseId}`,
        undefined,
        { signal },
      ),
  });

export function useCandidates(classroomId: number, courseId: number | null) {
  return useQuery({
    ...candidatesQueryOptions(classroomId, courseId ?? 0),
    enabled: courseId !== null,
  });
}

export const recipientsQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: [...keys.all(classroomId), 'recipients'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Certificate>>(
        `${api.certificateRecipients.build()}?classroom=${classroomId}&page_size=${CERTIFICATE_RECIPIENTS_PAGE_SIZE}`,
        undefined,
        { signal },
      ),
  });

export function useRecipients(classroomId: number, enabled: boolean) {
  return useQuery({ ...recipientsQueryOptions(classroomId), enabled });
}

export const myCertificatesQueryOptions = (classroomId: number) =>
  queryOptions({
    queryKey: [...keys.all(classroomId), 'mine'],
    queryFn: ({ signal }) =>
      apiClient.post<CertificateList>(
        api.getCertificates.build({ id: classroomId }),
        undefined,
        undefined,
        { signal },
      ),
  });

export function useMyCertificates(classroomId: number, enabled: boolean) {
  return useQuery({ ...myCertificatesQueryOptions(classroomId), enabled });
}

export function useGrantCertificates(classroomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantCertificatesBody) =>
      apiClient.post<GrantResult>(api.grantCertificates.build({ id: classroomId }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(classroomId) }),
  });
}

/** The public check of a code (no sign-in needed). */
export const verificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'verify', code],
    queryFn: ({ signal }) =>
      apiClient.get<CertificateVerification>(api.certificate.build({ code }), undefined, {
        signal,
        auth: false,
      }),
    retry: false,
  });

export function useVerification(code: string) {
  return useQuery(verificationQueryOptions(code));
}

/**
 * Downloads the PDF: it needs the Authorization header, so a plain link cannot fetch it; the
 * bytes are fetched, then saved under the server's file name.
 */
export async function downloadCertificatePdf(certificate: Pick<Certificate, 'code' | 'pdf_url'>) {
  const token = readToken();
  const response = await fetch(certificate.pdf_url, {
    headers: token ? { Authorization: `JWT ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, body, extractErrorText(body) || response.statusText);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    disposition.match(/filename="([^"]+)"/)?.[1] ?? `bullpen-certificate-${certificate.code}.pdf`;
  saveFile(await response.blob(), fileName);
}
