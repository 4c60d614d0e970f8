import { z } from 'zod';
import { inviteResultSchema, inviteSchema } from './contests.ts';
import { idField } from './input.ts';
import { messages } from './messages.ts';
import { pageQuery, pageSchema } from './pagination.ts';
import { textError } from './users.ts';

/**
 * Classrooms (spec section 7 "Classrooms"): a teacher's class, its students and what every
 * member sees of it. The areas inside a class (lessons, board, certificates, résumés, class
 * contests) have their own contract files and use `classroomParams` and `classroomSchema`.
 */
export const classroomMessages = {
  notFound: 'Classroom not found.',
  teacherOnly: 'Only the teacher of this class can do that.',
  teachersOnly: 'Only teachers can create a classroom.',
  frozen: 'This class is frozen: no joins, posts or submissions until the teacher unfreezes it.',
  badCode: 'No class has that join code.',
  teacherCannotJoin: 'You teach this class: share its join code with your students instead.',
  notYourStudent: 'That person is not a student of this class.',
  cannotRemove: 'Only the teacher can remove a student; a student may only leave.',
  notYourAccount: 'You can only reset the password of a student account you made for this class.',
  cannotDeleteAccount:
    'You can only delete a student account without an email address that you made, or whose classes you all teach.',
} as const;

/** The viewer's part in a class: its teacher, or one of its students. */
export const classroomRole = z.enum(['teacher', 'student']);
export type ClassroomRole = z.infer<typeof classroomRole>;

export const classroomPersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ClassroomPerson = z.infer<typeof classroomPersonSchema>;

/** A class as a member sees it (only members and its teacher see a class at all). */
export const classroomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  grade: z.string(),
  subject: z.string(),
  school: z.string(),
  description: z.string(),
  teacher: classroomPersonSchema,
  role: classroomRole,
  /** What students type on /join-classroom. */
  join_code: z.string(),
  students_count: z.number().int(),
  frozen: z.boolean(),
  /** The teacher's switch: while false, orders in the class's contests are refused. */
  trading_enabled: z.boolean(),
  /** The soonest due date of an enabled lesson still ahead (for a student: not yet done). */
  next_due_lesson: z
    .object({ id: z.number().int(), title: z.string(), due_at: z.string() })
    .nullable(),
  created_at: z.string(),
});
export type Classroom = z.infer<typeof classroomSchema>;

export const classroomParams = z.object({ id: idField });
export const classroomUserParams = z.object({ id: idField, userId: idField });
export const classroomListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
});
export const classroomListSchema = pageSchema(classroomSchema);

/** POST /api/classrooms/classrooms/ (teachers only). */
export const createClassroomSchema = z.strictObject({
  name: z
    .string({ error: textError })
    .trim()
    .min(1, messages.fieldRequired)
    .max(100, 'Use at most 100 characters.'),
  grade: z.string({ error: textError }).trim().max(50, 'Use at most 50 characters.').default(''),
  subject: z
    .string({ error: textError })
    .trim()
    .max(100, 'Use at most 100 characters.')
    .default(''),
  school: z.string({ error: textError }).trim().max(150, 'Use at most 150 characters.').default(''),
  description: z
    .string({ error: textError })
    .trim()
    .max(2000, 'Use at most 2000 characters.')
    .default(''),
});
export type CreateClassroomInput = z.input<typeof createClassroomSchema>;

/** POST …/join/: the class's join code, in any case. */
export const joinClassroomSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the join code your teacher gave you.' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the join code your teacher gave you.')
    .max(20, classroomMessages.badCode),
});

/** PATCH …/{id}/freeze */
export const freezeClassroomSchema = z.strictObject({
  frozen: z.boolean({ error: 'Say whether the class is frozen: true or false.' }),
});

/** POST …/{id}/invite/: the invite dialog's email chips (spec section 5), as for contests. */
export const classroomInviteSchema = inviteSchema;
export const classroomInviteResultSchema = inviteResultSchema;

/** A student of the class, as its teacher sees them (GET …/{id}/students/). */
export const classroomStudentSchema = classroomPersonSchema.extend({
  /** False for an account the teacher made by name: it signs in with its card. */
  has_email: z.boolean(),
  /** True when this teacher made the account, so they may reset its password. */
  created_by_me: z.boolean(),
  joined_at: z.string(),
});
export type ClassroomStudent = z.infer<typeof classroomStudentSchema>;
export const classroomStudentListSchema = pageSchema(classroomStudentSchema);

/** The most names one paste may add. */
export const MAX_STUDENTS_PER_PASTE = 50;

const personName = (label: string) =>
  z
    .string({ error: textError })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(50, 'Use at most 50 characters.')
    .regex(/^[\p{L}\p{M}' .-]+$/u, 'Use letters, spaces, apostrophes, dots and hyphens only.');

/** POST …/{id}/students/accounts/: students without an email address, by name. */
export const addStudentAccountsSchema = z.strictObject({
  students: z
    .array(
      z.strictObject({ first_name: personName('first name'), last_name: personName('last name') }),
      {
        error: 'Enter at least one student.',
      },
    )
    .min(1, 'Enter at least one student.')
    .max(MAX_STUDENTS_PER_PASTE, `Add at most ${MAX_STUDENTS_PER_PASTE} students at a time.`),
});
export type AddStudentAccountsInput = z.input<typeof addStudentAccountsSchema>;

/** A login card: shown once, right after the account is made or its password reset. */
export const studentCredentialsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  password: z.string(),
});
export type StudentCredentials = z.infer<typeof studentCredentialsSchema>;
export const studentAccountsResultSchema = z.object({
  students: z.array(studentCredentialsSchema),
});

/**
 * DELETE /api/classrooms/classrooms/{id}/?delete_student_accounts=true: also erase the accounts
 * the teacher made by name that belong to no other class (users/deletion.ts on the server).
 */
export const deleteClassroomQuery = z.strictObject({
  delete_student_accounts: z.enum(['true', 'false']).optional(),
});
