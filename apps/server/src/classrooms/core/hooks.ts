import type { Executor } from '../../db/connection.ts';
import type { ClassroomMemberRow } from './queries.ts';

export type { ClassroomMemberRow };

/**
 * What other domains do when a student joins or leaves a class, in the same transaction as
 * the membership change (class contests enrol a joining student in the class's contests).
 * The classrooms plugin collects them (`app.classrooms.membership`), so classrooms never
 * import those domains. `joined` runs for a join by code, a teacher-made account and any
 * other add; `leaving` for a student who leaves and one their teacher removes (not for a
 * deleted class).
 */
export type ClassroomMembershipHooks = {
  joined: ((tx: Executor, member: ClassroomMemberRow, now: Date) => Promise<unknown>)[];
  leaving: ((tx: Executor, member: ClassroomMemberRow, now: Date) => Promise<unknown>)[];
};

/**
 * What other domains do when a class is deleted, in the same transaction, before its rows go
 * (rewards refund the class's pending requests). Each may return what to do after the commit.
 */
export type ClassroomDeletingHook = (
  tx: Executor,
  classroomId: number,
  now: Date,
) => Promise<(() => void) | null>;
