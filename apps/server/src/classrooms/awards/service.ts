import { randomUUID } from 'node:crypto';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { pointsMessages, type PointsAwardBody } from '@bullpen/contract/points';
import type { Database, Executor } from '../../db/connection.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import {
  awardedSince,
  awardsLeftToday,
  writePoints,
  type PointEntryRow,
  type PointsWritten,
} from '../../points/service.ts';
import type { UserRow } from '../../users/presenter.ts';
import { requireTrustedTeacher } from '../../users/trust.ts';
import { requireTeacher } from '../core/access.ts';
import { isStudentOf } from '../core/queries.ts';
import { lockTeacherAwards } from './queries.ts';

const DAY_MS = 86_400_000;
/** Points the teacher gave in the rolling day up to `now`, and what is left under the cap. */
async function leftToday(db: Executor, teacherId: number, now: Date): Promise<number> {
  const awarded = await awardedSince(db, teacherId, new Date(now.getTime() - DAY_MS));
  return awardsLeftToday(awarded);
}

/** GET …/points-awards/: what the class's teacher may still award (the award dialog shows it). */
export async function awardAllowance(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  now: Date,
): Promise<number> {
  await requireTeacher(db, classroomId, actor);
  return leftToday(db, actor.id, now);
}

export type PointsAwarded = {
  entry: PointEntryRow;
  /** What the teacher may still award in the rolling day. */
  leftToday: number;
  written: PointsWritten;
};

/**
 * POST /api/classrooms/classrooms/{id}/points-awards/: the class's teacher gives a current
 * student points, with a reason the student reads in their history. Not in a frozen class
 * (409). A teacher gives at most `AWARD_POINTS_PER_TEACHER_PER_DAY` points in any 24 hours,
 * over all their classes: concurrent awards of one teacher wait for each other on an advisory
 * lock, so each one counts the others before it and together they never pass the cap. A
 * teacher whose account waits for approval awards nothing (403, docs/decisions/028).
 */
export async function awardClassroomPoints(
  db: Database,
  actor: UserRow,
  classroomId: number,
  body: PointsAwardBody,
  now: Date,
): Promise<PointsAwarded> {
  const { classroom } = await requireTeacher(db, classroomId, actor);
  requireTrustedTeacher(actor);
  if (classroom.frozenAt !== null) throw conflict(classroomMessages.frozen);
  if (!(await isStudentOf(db, classroom.id, body.student))) {
    throw badRequest({ student: [pointsMessages.awardNotStudent] });
  }
  return db.transaction(async (tx) => {
    await lockTeacherAwards(tx, actor.id);
    const left = await leftToday(tx, actor.id, now);
    if (body.points > left) throw conflict(pointsMessages.awardCap(left));
    const written = await writePoints(tx, [
      {
        userId: body.student,
        points: body.points,
        reason: 'award',
        // Every award is its own source: a teacher may award a student again.
        source: `award:${randomUUID()}`,
        note: body.reason,
        createdBy: actor.id,
      },
    ]);
    return { entry: written.written[0]!, leftToday: left - body.points, written };
  });
}

export type PointsAwardedToMany = {
  entries: PointEntryRow[];
  leftToday: number;
  written: PointsWritten;
};

/**
 * POST …/{id}/gradebook/points-awards/: the same award to several current students of the
 * class at once, all or nothing: when the points for all of them pass what the teacher has
 * left today, nobody gets any (409 with the cap message). The same advisory lock as a single
 * award serialises it with the teacher's other awards, so together they never pass the cap.
 */
export async function awardClassroomPointsToMany(
  db: Database,
  actor: UserRow,
  access: { classroom: { id: number; frozenAt: Date | null } },
  body: { students: number[]; points: number; reason: string },
  now: Date,
): Promise<PointsAwardedToMany> {
  requireTrustedTeacher(actor);
  if (access.classroom.frozenAt !== null) throw conflict(classroomMessages.frozen);
  const students = [...new Set(body.students)];
  return db.transaction(async (tx) => {
    await lockTeacherAwards(tx, actor.id);
    const left = await leftToday(tx, actor.id, now);
    const total = body.points * students.length;
    if (total > left) throw conflict(pointsMessages.awardCap(left));
    const written = await writePoints(
      tx,
      students.map((userId) => ({
        userId,
        points: body.points,
        reason: 'award' as const,
        source: `award:${randomUUID()}`,
        note: body.reason,
        createdBy: actor.id,
      })),
    );
    return { entries: written.written, leftToday: left - total, written };
  });
}
