import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianInvitation, StudentGuardians } from '@bullpen/contract/guardians';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/**
 * A student's guardians as their teacher sees them (`…/students/{userId}/guardians/`): who
 * follows the student, the open invitations, inviting a parent and ending a link.
 */
export const studentGuardiansQueryOptions = (classroomId: number, userId: number) => ({
  queryKey: ['classrooms', classroomId, 'students', userId, 'guardians'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<StudentGuardians>(
      api.classroomStudentGuardians.build({ id: classroomId, userId }),
      undefined,
      { signal },
    ),
});

export function useStudentGuardians(classroomId: number, userId: number) {
  return useQuery(studentGuardiansQueryOptions(classroomId, userId));
}

export function useInviteStudentGuardian(classroomId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<GuardianInvitation>(
        api.classroomStudentGuardians.build({ id: classroomId, userId }),
        { email },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: studentGuardiansQueryOptions(classroomId, userId).queryKey,
      }),
  });
}

export function useRevokeStudentGuardian(classroomId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guardianId: number) =>
      apiClient.delete<void>(
        api.classroomStudentGuardian.build({ id: classroomId, userId, guardianId }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: studentGuardiansQueryOptions(classroomId, userId).queryKey,
      }),
  });
}
