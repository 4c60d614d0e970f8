import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
} from '@tanstack/react-query';
import type {
  AddStudentAccountsInput,
  Classroom,
  ClassroomStudent,
  CreateClassroomInput,
  StudentCredentials,
} from '@bullpen/contract/classrooms';
import { withQuery } from '@bullpen/contract/api-path';
import type { Page } from '@bullpen/contract/pagination';
import { api } from '@bullpen/contract/routes';
import { apiClient } from '@/lib/api-client.ts';

/** The core classroom calls: classes, joining, students, invitations, freeze and delete. */

export const MY_CLASSROOMS_PAGE_SIZE = 12;

export const myClassroomsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['classrooms', 'mine', search, page],
    queryFn: ({ signal }) =>
      apiClient.get<Page<Classroom>>(
        withQuery(api.classrooms.build(), {
          ...(search ? { search } : {}),
          page,
          page_size: MY_CLASSROOMS_PAGE_SIZE,
        }),
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useMyClassrooms(search: string, page: number) {
  return useQuery(myClassroomsQueryOptions(search, page));
}

export const classroomQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', id],
    queryFn: ({ signal }) =>
      apiClient.get<Classroom>(api.classroom.build({ id }), undefined, { signal }),
  });

export function useClassroom(id: number) {
  return useQuery({ ...classroomQueryOptions(id), enabled: id > 0 });
}

export const classroomStudentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['classrooms', id, 'students'],
    queryFn: ({ signal }) =>
      apiClient.get<Page<ClassroomStudent>>(
        withQuery(api.classroomStudents.build({ id }), { page_size: 500 }),
        undefined,
        { signal },
      ),
  });

export function useClassroomStudents(id: number, enabled: boolean) {
  return useQuery({ ...classroomStudentsQueryOptions(id), enabled });
}

/** After any change to a class: its page, its students and the lists showing it. */
function useRefreshClassrooms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['classrooms'] });
}

export function useCreateClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: CreateClassroomInput) =>
      apiClient.post<Classroom>(api.classrooms.build(), body),
    onSuccess: refresh,
  });
}

export function useJoinClassroom() {
  const refresh = useRefreshClassrooms();
  return useMutation({
    /** `joined` is false when the student was already in the class (the server answers 200). */
    mutationFn: async (code: string) => {
      let status = 0;
      const classroom = await apiClient.post<Classroom>(
        api.joinClassroom.build(),
        { code },
        undefined,
        { onStatus: (answered) => (status = answered) },
      );
      return { classroom, joined: status === 201 };
    },
    onSuccess: refresh,
  });
}

export function useFreezeClassroom(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frozen: boolean) =>
      apiClient.patch<Classroom>(api.freezeClassroom.build({ id }), { frozen }),
    onSuccess: (classroom) => {
      queryClient.setQueryData(classroomQueryOptions(id).queryKey, classroom);
      void queryClient.invalidateQueries({ queryKey: ['classrooms', 'mine'] });
    },
  });
}

export function useDeleteClassroom(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `deleteStudentAccounts`: also erase the email-less accounts of this class only. */
    mutationFn: (deleteStudentAccounts: boolean = false) =>
      apiClient.delete(
        `${api.classroom.build({ id })}${deleteStudentAccounts ? '?delete_student_accounts=true' : ''}`,
      ),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['classrooms', id] });
      void queryClient.invalidateQueries({ queryKey: ['classrooms', 'mine'] });
    },
  });
}

/** The teacher removes a student, or a student leaves (their own id). */
export function useRemoveFromClassroom(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiClient.delete(api.classroomUser.build({ id, userId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
  });
}

/** Erases a student account the teacher made (no email): at once, after the teacher confirms. */
export function useDeleteStudentAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiClient.delete(api.classroomStudentAccount.build({ id, userId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
  });
}

export function useInviteToClassroom(id: number) {
  return useMutation({
    mutationFn: (emails: string[]) =>
      apiClient.post<{ invited: string[] }>(api.inviteToClassroom.build({ id }), { emails }),
  });
}

export function useAddStudentAccounts(id: number) {
  const refresh = useRefreshClassrooms();
  return useMutation({
    mutationFn: (body: AddStudentAccountsInput) =>
      apiClient.post<{ students: StudentCredentials[] }>(
        api.classroomStudentAccounts.build({ id }),
        body,
      ),
    onSuccess: refresh,
  });
}

export function useResetStudentPassword(id: number) {
  return useMutation({
    mutationFn: (userId: number) =>
      apiClient.post<StudentCredentials>(api.classroomStudentPassword.build({ id, userId })),
  });
}

/**
 * Names pasted one per line: "First Last" (the last word is the last name) or "Last, First".
 * A line of one word has no last name (the form says so before sending).
 */
export function parseStudentNames(text: string): { first_name: string; last_name: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .map((line) => {
      const comma = line.indexOf(',');
      if (comma >= 0) {
        return { first_name: line.slice(comma + 1).trim(), last_name: line.slice(0, comma).trim() };
      }
      const words = line.split(' ');
      if (words.length === 1) return { first_name: line, last_name: '' };
      return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1)! };
    });
}
