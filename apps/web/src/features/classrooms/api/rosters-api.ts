import { useMutation } from '@tanstack/react-query';
import type { RosterApplyResult, RosterPlan, RosterUploadInput } from '@bullpen/contract/rosters';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** A file's bytes as base64, read in chunks (a 5,000-student roster is a few megabytes). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export async function uploadOf(
  format: RosterUploadInput['format'],
  files: File[],
  classroomId: number | undefined,
): Promise<RosterUploadInput> {
  return {
    format,
    ...(format === 'google_classroom' && classroomId !== undefined
      ? { classroom_id: classroomId }
      : {}),
    files: await Promise.all(
      files.map(async (file) => ({ name: file.name, content: await fileToBase64(file) })),
    ),
  };
}

export function usePreviewRoster() {
  return useMutation({
    mutationFn: (body: RosterUploadInput) =>
      apiClient.post<RosterPlan>(api.rosterPreview.build(), body),
  });
}

export function useApplyRoster() {
  return useMutation({
    mutationFn: (body: RosterUploadInput) =>
      apiClient.post<RosterApplyResult>(api.rosterApply.build(), body),
  });
}
