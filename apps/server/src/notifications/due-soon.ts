import { DUE_SOON_HOURS } from '@bullpen/contract/notifications';
import { findClassroom, studentIdsOf } from '../classrooms/core/queries.ts';
import { dueLessonSettings } from '../classrooms/lessons/queries.ts';
import { findLiveLesson, progressOfUsers } from '../learn/queries.ts';
import { deliver, type Delivery } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The day-before reminder: every student who has not completed a lesson due within
 * DUE_SOON_HOURS hears it once, in the app and by mail where they want it. "Once" holds
 * across runs and server processes: each reminder is keyed by the class, the lesson and the
 * due time, so a moved due date reminds again and a second process finds the key taken
 * (notifications/queries.ts insertNotifications). A frozen class reminds nobody. Returns how
 * many students were reached.
 */
export async function remindDueSoon(delivery: Delivery, now: Date): Promise<number> {
  const { db } = delivery;
  const due = await dueLessonSettings(db, {
    after: now,
    until: new Date(now.getTime() + DUE_SOON_HOURS * HOUR_MS),
  });
  let reached = 0;
  for (const setting of due) {
    const [classroom, found] = await Promise.all([
      findClassroom(db, setting.classroomId),
      findLiveLesson(db, setting.lessonId),
    ]);
    if (!classroom || classroom.frozenAt !== null || !found) continue;
    const students = await studentIdsOf(db, classroom.id);
    const done = new Set(
      (await progressOfUsers(db, students, [setting.lessonId]))
        .filter((row) => row.completedAt !== null)
        .map((row) => row.userId),
    );
    const { inApp } = await deliver(
      delivery,
      students.filter((id) => !done.has(id)),
      'lesson_due',
      {
        classroom_id: classroom.id,
        classroom: classroom.name,
        lesson_id: found.lesson.id,
        lesson: found.lesson.title,
        course: found.course.title,
        due_at: setting.dueAt.toISOString(),
      },
      now,
      `due:${classroom.id}:${setting.lessonId}:${setting.dueAt.toISOString()}`,
    );
    reached += inApp;
  }
  return reached;
}
