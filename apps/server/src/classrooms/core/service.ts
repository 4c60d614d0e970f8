import { guardianMessages } from '@bullpen/contract/guardians';
import { takesPart } from '../../users/policies.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  classroomMessages,
  type ClassroomRole,
  type createClassroomSchema,
  type StudentCredentials,
} from '@bullpen/contract/classrooms';
import { authMessages } from '@bullpen/contract/messages';
import type { Database, Executor } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/connection.ts';
import { hashPassword, hashPasswordInBulk } from '../../auth/passwords.ts';
import { findLiveLesson, liveCourses, liveLessonsOf, progressOf } from '../../learn/queries.ts';
import { reserveInvitationSends } from '../../mail/invitations.ts';
import { classroomInvitationEmail } from '../../mail/templates.ts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { UserRow } from '../../users/presenter.ts';
import {
  findUserById,
  findUsersByEmail,
  findUsersByIds,
  findUsersByLogin,
  setPasswordHash,
} from '../../users/queries.ts';
import { purgeUser } from '../../users/deletion.ts';
import { createAccountWithoutEmail } from '../../auth/accounts.ts';
import { newStudentPassword } from '../../users/credentials-service.ts';
import { requireMember, requireTeacher } from './access.ts';
import type { ClassroomDeletingHook, ClassroomMembershipHooks } from './hooks.ts';
import { dueLessonSettings, enableLessons } from '../lessons/queries.ts';
import {
  mayCreateClassroom,
  mayDeleteStudentAccount,
  mayRemoveFromClassroom,
  mayResetPassword,
} from './policies.ts';
import {
  classroomsWithCounts,
  deleteClassroomRow,
  deleteMember,
  findClassroomByCode,
  findMember,
  insertClassroom,
  insertMember,
  lockClassroom,
  lockDemoSeeding,
  membersOf,
  myClassroomIds,
  setFrozenAt,
  studentsOnlyIn,
  teachesAnyClassroom,
  teacherIdsOfStudent,
  type ClassroomMemberRow,
  type ClassroomRow,
  type ClassroomWithCount,
} from './queries.ts';
import { type AttemptLimit, isFieldError, limitMisses } from '../../platform/attempt-limits.ts';
import { newJoinCode } from '../../platform/join-codes.ts';

type CreateClassroom = z.output<typeof createClassroomSchema>;

/** What `classroomViews` loads for one class and one viewer. */
export type ClassroomView = {
  classroom: ClassroomWithCount;
  teacher: UserRow;
  role: ClassroomRole;
  nextDue: { lessonId: number; title: string; dueAt: Date } | null;
};

/** The facts the presenter needs for each class, in the order of `ids`. */
export async function classroomViews(
  db: Executor,
  ids: number[],
  viewer: UserRow,
  now: Date,
): Promise<ClassroomView[]> {
  const rows = await classroomsWithCounts(db, ids);
  const teachers = await findUsersByIds(db, [
    ...new Set([...rows.values()].map((row) => row.teacherId)),
  ]);
  const upcoming = await dueLessonSettings(db, { classroomIds: ids, after: now });
  const studying = ids.filter((id) => rows.get(id)?.teacherId !== viewer.id);
  // A student's next lesson is one they have not completed yet (learn owns the progress).
  const studiedLessonIds = [
    ...new Set(
      upcoming.filter((due) => studying.includes(due.classroomId)).map((due) => due.lessonId),
    ),
  ];
  const progress = await progressOf(db, viewer.id, studiedLessonIds);
  const titles = new Map<number, string | null>();
  const views: ClassroomView[] = [];
  for (const id of ids) {
    const classroom = rows.get(id);
    if (!classroom) continue;
    const role = classroom.teacherId === viewer.id ? 'teacher' : 'student';
    let nextDue: ClassroomView['nextDue'] = null;
    for (const due of upcoming) {
      if (due.classroomId !== id) continue;
      if (role === 'student' && progress.get(due.lessonId)?.completedAt) continue;
      if (!titles.has(due.lessonId)) {
        titles.set(due.lessonId, (await findLiveLesson(db, due.lessonId))?.lesson.title ?? null);
      }
      const title = titles.get(due.lessonId);
      // A retired lesson is not shown to anyone.
      if (!title) continue;
      nextDue = { lessonId: due.lessonId, title, dueAt: due.dueAt };
      break;
    }
    views.push({ classroom, teacher: teachers.get(classroom.teacherId)!, role, nextDue });
  }
  return views;
}

export async function classroomView(db: Executor, id: number, viewer: UserRow, now: Date) {
  const [view] = await classroomViews(db, [id], viewer, now);
  if (!view) throw notFound(classroomMessages.notFound);
  return view;
}

/** A teacher's new class with a fresh join code. */
export async function createClassroom(
  db: Database,
  teacher: UserRow,
  input: CreateClassroom,
): Promise<ClassroomRow> {
  if (!mayCreateClassroom(teacher)) throw forbidden(classroomMessages.teachersOnly);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await insertClassroom(db, {
        ...input,
        teacherId: teacher.id,
        joinCode: newJoinCode(),
      });
    } catch (error) {
      // A join code collision (1 in 10^15): draw another.
      if (attempt < 3 && isUniqueViolation(error, 'classrooms_join_code_key')) continue;
      throw error;
    }
  }
}

export async function listMyClassroomIds(db: Executor, viewer: UserRow, search?: string) {
  return myClassroomIds(db, viewer.id, search);
}

/** Adds a student inside the caller's transaction and runs the joined hooks; idempotent. */
async function addStudent(
  tx: Executor,
  hooks: ClassroomMembershipHooks,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<ClassroomMemberRow | undefined> {
  const member = await insertMember(tx, classroomId, userId, now);
  if (member) for (const joined of hooks.joined) await joined(tx, member, now);
  return member;
}

/**
 * A roster import enrols a student (apps/server/src/rosters): inside the importer's
 * transaction, with the joined hooks; true when they were not a member yet.
 */
export async function enrolStudent(
  tx: Executor,
  hooks: ClassroomMembershipHooks,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  return (await addStudent(tx, hooks, classroomId, userId, now)) !== undefined;
}

/** A roster import takes a student out of a class: the leaving hooks, then the row; data stays. */
export async function unenrolStudent(
  tx: Executor,
  hooks: ClassroomMembershipHooks,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<void> {
  const member = await findMember(tx, classroomId, userId);
  if (!member) return;
  for (const leaving of hooks.leaving) await leaving(tx, member, now);
  await deleteMember(tx, classroomId, userId);
}

/**
 * A student joins by the class's code (any case). Joining twice changes nothing; the teacher
 * cannot join their own class; a frozen class takes nobody.
 */
export async function joinClassroom(
  db: Database,
  hooks: ClassroomMembershipHooks,
  actor: UserRow,
  code: string,
  now: Date,
  limits: readonly AttemptLimit[],
): Promise<{ classroom: ClassroomRow; created: boolean }> {
  if (!takesPart(actor)) throw forbidden(guardianMessages.guardiansOnly);
  // Wrong codes are counted (per account and address) so that codes cannot be guessed.
  return limitMisses(
    db,
    limits,
    authMessages.tooManyJoinCodes,
    new Date(),
    (error) => isFieldError(error, 'code', classroomMessages.badCode),
    () => joinByCode(db, hooks, actor, code, now),
  );
}

async function joinByCode(
  db: Database,
  hooks: ClassroomMembershipHooks,
  actor: UserRow,
  code: string,
  now: Date,
): Promise<{ classroom: ClassroomRow; created: boolean }> {
  const found = await findClassroomByCode(db, code);
  if (!found) throw badRequest({ code: classroomMessages.badCode });
  if (found.teacherId === actor.id) throw conflict(classroomMessages.teacherCannotJoin);
  return db.transaction(async (tx) => {
    // Locked, so a join and a freeze at the same moment happen one after the other.
    const classroom = await lockClassroom(tx, found.id);
    if (!classroom) throw badRequest({ code: classroomMessages.badCode });
    if (await findMember(tx, classroom.id, actor.id)) return { classroom, created: false };
    if (classroom.frozenAt !== null) throw forbidden(classroomMessages.frozen);
    const member = await addStudent(tx, hooks, classroom.id, actor.id, now);
    return { classroom, created: member !== undefined };
  });
}

/** The teacher removes a student, or a student leaves; the leaving hooks run first. */
export async function removeFromClassroom(
  db: Database,
  hooks: ClassroomMembershipHooks,
  actor: UserRow,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<void> {
  const access = await requireMember(db, classroomId, actor);
  if (!mayRemoveFromClassroom(access, actor.id, userId)) {
    throw forbidden(classroomMessages.cannotRemove);
  }
  await db.transaction(async (tx) => {
    const member = await findMember(tx, classroomId, userId);
    if (!member) throw notFound(classroomMessages.notYourStudent);
    for (const leaving of hooks.leaving) await leaving(tx, member, now);
    await deleteMember(tx, classroomId, userId);
  });
}

/**
 * The class disappears for everyone; what students own stays (see the schema). The deleting
 * hooks run first in the same transaction (pending reward requests are refunded).
 */
/**
 * Deletes the class; with `deleteStudentAccounts`, also erases the accounts without an email
 * address that belonged to this class only (the teacher may delete each: policies.ts).
 */
export async function deleteClassroom(
  deps: Deps,
  deleting: ClassroomDeletingHook[],
  actor: UserRow,
  classroomId: number,
  now: Date,
  { deleteStudentAccounts = false }: { deleteStudentAccounts?: boolean } = {},
) {
  const { db } = deps;
  await requireTeacher(db, classroomId, actor);
  const erasing: number[] = [];
  if (deleteStudentAccounts) {
    for (const userId of await studentsOnlyIn(db, classroomId)) {
      const student = await findUserById(db, userId);
      if (student && mayDeleteStudentAccount(actor, student, [actor.id])) erasing.push(userId);
    }
  }
  const afterCommit = await db.transaction(async (tx) => {
    const after: (() => void)[] = [];
    for (const hook of deleting) {
      const then = await hook(tx, classroomId, now);
      if (then) after.push(then);
    }
    await deleteClassroomRow(tx, classroomId);
    return after;
  });
  for (const then of afterCommit) then();
  for (const userId of erasing) await purgeUser(deps, userId, now);
}

export async function setClassroomFrozen(
  db: Database,
  actor: UserRow,
  classroomId: number,
  frozen: boolean,
  now: Date,
): Promise<void> {
  const { classroom } = await requireTeacher(db, classroomId, actor);
  // Freezing again keeps the first moment it was frozen.
  if (frozen && classroom.frozenAt !== null) return;
  await setFrozenAt(db, classroomId, frozen ? now : null, now);
}

/**
 * The teacher invites people by email: each gets a link to Join Classroom with the class's
 * code filled in. The hourly invitation limits count every recipient.
 */
export async function inviteToClassroom(
  deps: Deps,
  actor: UserRow,
  classroomId: number,
  emails: string[],
  now: Date,
): Promise<string[]> {
  const { classroom } = await requireTeacher(deps.db, classroomId, actor);
  if (!actor.emailVerifiedAt) throw forbidden(authMessages.verifyEmailFirst);
  if (classroom.frozenAt !== null) throw conflict(classroomMessages.frozen);
  await deps.db.transaction((tx) =>
    reserveInvitationSends(tx, {
      senderId: actor.id,
      target: `classroom:${classroomId}`,
      recipients: emails,
      now,
    }),
  );
  await mailClassroomInvitations(deps, actor, classroom, emails);
  return emails;
}

/**
 * Mails each address a link to Join Classroom with the class's code filled in; the caller has
 * counted them (`reserveInvitationSends`). Also used by roster imports (apps/server/src/rosters).
 */
export async function mailClassroomInvitations(
  deps: Deps,
  actor: UserRow,
  classroom: Pick<ClassroomRow, 'name' | 'joinCode'>,
  emails: string[],
): Promise<void> {
  const inviter = `${actor.firstName} ${actor.lastName}`.trim();
  const url = `${deps.config.publicUrl}/join-classroom?code=${encodeURIComponent(classroom.joinCode)}`;
  for (const email of emails) {
    // In the language of the account using the address; a stranger reads the sender's.
    const [holder] = await findUsersByEmail(deps.db, email, 1);
    await deps.mailer.send({
      to: email,
      ...classroomInvitationEmail(
        holder?.language ?? actor.language,
        inviter,
        { name: classroom.name, code: classroom.joinCode },
        url,
      ),
    });
  }
}

export type ClassroomStudentView = { member: ClassroomMemberRow; user: UserRow };

/** The students of the class for its teacher, by last name then first name. */
export async function classroomStudents(
  db: Executor,
  actor: UserRow,
  classroomId: number,
): Promise<ClassroomStudentView[]> {
  await requireTeacher(db, classroomId, actor);
  const members = await membersOf(db, classroomId);
  const people = await findUsersByIds(
    db,
    members.map((member) => member.userId),
  );
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return members
    .filter((member) => people.has(member.userId))
    .map((member) => ({ member, user: people.get(member.userId)! }))
    .sort(
      (a, b) =>
        collator.compare(a.user.lastName, b.user.lastName) ||
        collator.compare(a.user.firstName, b.user.firstName) ||
        a.user.id - b.user.id,
    );
}

/**
 * Students without an email address (under-13s, COPPA): the teacher pastes names, Bullpen
 * makes each an account with a generated username and password and adds it to the class.
 * The passwords are returned this once (for the login cards) and stored only hashed.
 */
export async function addStudentAccounts(
  db: Database,
  hooks: ClassroomMembershipHooks,
  actor: UserRow,
  classroomId: number,
  students: { first_name: string; last_name: string }[],
  now: Date,
): Promise<StudentCredentials[]> {
  await requireTeacher(db, classroomId, actor);
  const passwords = students.map(() => newStudentPassword());
  // Hashed before the transaction (argon2 is slow on purpose and holds no lock meanwhile), in
  // the bulk queue, so the class's paste never delays anyone's sign-in by more than one hash.
  const hashes = await Promise.all(passwords.map((password) => hashPasswordInBulk(password)));
  return db.transaction(async (tx) => {
    if (!(await lockClassroom(tx, classroomId))) throw notFound(classroomMessages.notFound);
    const made: StudentCredentials[] = [];
    for (const [index, student] of students.entries()) {
      const user = await createAccountWithoutEmail(tx, {
        firstName: student.first_name,
        lastName: student.last_name,
        passwordHash: hashes[index]!,
        teacher: actor,
      });
      await addStudent(tx, hooks, classroomId, user.id, now);
      made.push({
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        password: passwords[index]!,
      });
    }
    return made;
  });
}

/**
 * A new generated password for a student account the teacher made for this class; every
 * session of the student ends (a lost card must stop working).
 */
export async function resetStudentPassword(
  db: Database,
  actor: UserRow,
  classroomId: number,
  userId: number,
  now: Date,
): Promise<StudentCredentials> {
  await requireTeacher(db, classroomId, actor);
  if (!(await findMember(db, classroomId, userId))) {
    throw notFound(classroomMessages.notYourStudent);
  }
  const student = await findUserById(db, userId);
  if (!student || !mayResetPassword(actor, student)) {
    throw forbidden(classroomMessages.notYourAccount);
  }
  const password = newStudentPassword();
  // setPasswordHash raises the token version: every session of the student ends.
  await setPasswordHash(db, userId, await hashPassword(password), now);
  return {
    id: student.id,
    username: student.username,
    first_name: student.firstName,
    last_name: student.lastName,
    password,
  };
}

/**
 * The teacher erases a student account they may delete (policies.ts), at once: with no address
 * there is nobody to undo a grace period, and the teacher confirmed in the Students tab.
 */
export async function deleteStudentAccount(
  deps: Deps,
  actor: UserRow,
  classroomId: number,
  userId: number,
): Promise<void> {
  await requireTeacher(deps.db, classroomId, actor);
  if (!(await findMember(deps.db, classroomId, userId))) {
    throw notFound(classroomMessages.notYourStudent);
  }
  const student = await findUserById(deps.db, userId);
  const teachers = await teacherIdsOfStudent(deps.db, userId);
  if (!student || !mayDeleteStudentAccount(actor, student, teachers)) {
    throw forbidden(classroomMessages.cannotDeleteAccount);
  }
  await purgeUser(deps, userId);
}

export const DEMO_CLASSROOM = {
  teacher: 'ms.rivera',
  student: 'sam.student',
  name: 'Period 3 Economics',
  grade: '9',
  subject: 'Economics',
  school: 'Bullpen Demo High School',
  description: 'Saving, budgeting and investing, with a class stock-market game.',
} as const;

/** When the demo class's two assigned lessons are due, in days from the seeding. */
const DEMO_DUE_IN_DAYS = [3, 10] as const;

/**
 * The demo teacher's class with the demo student in it and the first two lessons of the
 * catalogue assigned (due in 3 and 10 days), so the classroom pages show a class at work out of
 * the box. Runs at every start with SEED_DEMO on and does nothing once the demo teacher teaches
 * a class (or when the demo accounts are not there). Returns the class it made, or null.
 */
export async function seedDemoClassroom(
  db: Database,
  hooks: ClassroomMembershipHooks,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ classroomId: number; teacherId: number } | null> {
  return db.transaction(async (tx) => {
    await lockDemoSeeding(tx);
    const [teacher] = await findUsersByLogin(tx, DEMO_CLASSROOM.teacher);
    const [student] = await findUsersByLogin(tx, DEMO_CLASSROOM.student);
    if (teacher?.username !== DEMO_CLASSROOM.teacher || !teacher.isTeacher) return null;
    if (student?.username !== DEMO_CLASSROOM.student) return null;
    if (await teachesAnyClassroom(tx, teacher.id)) return null;
    const { name, grade, subject, school, description } = DEMO_CLASSROOM;
    const classroom = await insertClassroom(tx, {
      ...{ name, grade, subject, school, description },
      teacherId: teacher.id,
      joinCode: newJoinCode(),
    });
    await addStudent(tx, hooks, classroom.id, student.id, now);
    const [firstCourse] = await liveCourses(tx, { offset: 0, limit: 1 });
    const assigned = firstCourse ? (await liveLessonsOf(tx, [firstCourse.id])).slice(0, 2) : [];
    for (const [index, lesson] of assigned.entries()) {
      const dueAt = new Date(now.getTime() + DEMO_DUE_IN_DAYS[index]! * 86_400_000);
      await enableLessons(tx, classroom.id, [lesson.id], dueAt, now);
    }
    log.info(`demo class "${classroom.name}" created (join code ${classroom.joinCode})`);
    return { classroomId: classroom.id, teacherId: teacher.id };
  });
}
