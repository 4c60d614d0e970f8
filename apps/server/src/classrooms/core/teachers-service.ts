import { classroomPaths } from '@bullpen/contract/routes';
import type { Executor } from '../../db/connection.ts';
import { unusedStudentEmail } from '../../mail/templates.ts';
import type { Deps } from '../../platform/deps.ts';
import type { UnusedAccount } from '../../platform/erasure.ts';
import type { UserRow } from '../../users/presenter.ts';
import { findUsersByIds } from '../../users/queries.ts';
import { teacherIdsOfStudent } from './queries.ts';

/**
 * The teachers who look after a student: the one who made the account and those of the
 * student's classes. They hear what a student without an address cannot be mailed.
 */
export async function teachersOfStudent(
  db: Executor,
  student: { id: number; createdByTeacherId: number | null },
): Promise<UserRow[]> {
  const ids = new Set(await teacherIdsOfStudent(db, student.id));
  if (student.createdByTeacherId !== null) ids.add(student.createdByTeacherId);
  return [...(await findUsersByIds(db, [...ids])).values()];
}

/**
 * An account made without an address will be erased for disuse (users/inactivity.ts): each of
 * its teachers with an address is mailed, in their language. Answers how many were.
 */
export async function tellTeachersOfUnusedAccount(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  account: UnusedAccount,
  deletesOn: Date,
): Promise<number> {
  const student = `${account.firstName} ${account.lastName}`.trim() || account.username;
  let told = 0;
  for (const teacher of await teachersOfStudent(deps.db, account)) {
    if (!teacher.email || teacher.purgedAt) continue;
    await deps.mailer.send({
      to: teacher.email,
      about: account.id,
      ...unusedStudentEmail(
        teacher.language,
        teacher.firstName || teacher.username,
        { student, username: account.username, lastActiveAt: account.lastActiveAt, deletesOn },
        `${deps.config.publicUrl}${classroomPaths.mine}`,
      ),
    });
    told += 1;
  }
  return told;
}
