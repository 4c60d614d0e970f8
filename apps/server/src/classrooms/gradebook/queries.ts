import type { Executor } from '../../db/connection.ts';
import {
  boardLinesOfUser,
  classroomContestIds,
  contestViews,
} from '../../contests/catalogue-queries.ts';
import { progressOfUsers, type ProgressRow } from '../../learn/queries.ts';
import { earnedPointsOf, sumPointsOf, type EarnedPoints } from '../../points/queries.ts';
import type { UserRow } from '../../users/presenter.ts';
import { findUsersByIds } from '../../users/queries.ts';
import { certificatesOfClassroom, type CertificateRow } from '../certificates/queries.ts';
import { studentIdsOf } from '../core/queries.ts';

/**
 * The gradebook owns no table: its reads are those of the domains that own the rows (learn's
 * progress, the points ledger, the contests' boards, the class's members and certificates),
 * gathered here so that service.ts composes them.
 */

export type { EarnedPoints, ProgressRow, UserRow };

/** The class's students (sorted by the caller) and their progress in these lessons. */
export async function studentsWithProgress(
  db: Executor,
  classroomId: number,
  lessonIds: number[],
): Promise<{ students: UserRow[]; progress: ProgressRow[] }> {
  const studentIds = await studentIdsOf(db, classroomId);
  const [students, progress] = await Promise.all([
    findUsersByIds(db, studentIds),
    progressOfUsers(db, studentIds, lessonIds),
  ]);
  return { students: [...students.values()], progress };
}

export type ContestResult = {
  name: string;
  players: number;
  /** Null when the student is not on the contest's board (left it, or never joined). */
  rank: number | null;
  valueCents: number | null;
  endsAt: Date;
};

/** One student's standing in the class: points, certificates of this class, class contests. */
export async function standingOf(
  db: Executor,
  classroomId: number,
  userId: number,
): Promise<{
  balance: number;
  earned: EarnedPoints;
  certificates: CertificateRow[];
  contests: ContestResult[];
}> {
  const contestIds = await classroomContestIds(db, classroomId);
  const [balances, earned, certificates, views, lines] = await Promise.all([
    sumPointsOf(db, [userId]),
    earnedPointsOf(db, [userId]),
    certificatesOfClassroom(db, classroomId, { userId }),
    contestViews(db, contestIds, userId),
    boardLinesOfUser(db, userId, contestIds),
  ]);
  const contests = contestIds.flatMap((id) => {
    const view = views.get(id);
    if (!view) return [];
    const line = lines.get(id);
    return [
      {
        name: view.contest.name,
        players: Number(view.membersCount),
        rank: line?.rank ?? null,
        valueCents: line?.valueCents ?? null,
        endsAt: view.contest.endsAt,
      },
    ];
  });
  return {
    balance: balances.get(userId) ?? 0,
    earned: earned.get(userId) ?? { lesson: 0, module: 0, award: 0, contest: 0 },
    certificates,
    contests,
  };
}
