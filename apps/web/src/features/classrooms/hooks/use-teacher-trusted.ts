import { useSession } from '@/lib/session.tsx';

/**
 * Whether the signed-in teacher may award points and define rewards (docs/decisions/028):
 * the session's user says so, as the server decides it.
 */
export function useTeacherTrusted(): boolean {
  return useSession().user?.teacher_trusted ?? false;
}
