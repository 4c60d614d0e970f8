import type { z } from 'zod';
import { classroomMessages, type StudentCredentials } from '@bullpen/contract/classrooms';
import {
  ROSTER_INVITATION_DAYS,
  ROSTER_PROBLEMS_SHOWN,
  rosterMessages,
  type RosterApplyResult,
  type RosterClassLine,
  type RosterPlan,
  type RosterProblem,
  type rosterUploadSchema,
} from '@bullpen/contract/rosters';
import { randomBytes } from 'node:crypto';
import { createAccountWithoutEmail, createRosteredTeacher } from '../auth/accounts.ts';
import { issueToken } from '../auth/queries.ts';
import { hashPasswordInBulk } from '../auth/passwords.ts';
import type { ClassroomMembershipHooks } from '../classrooms/core/hooks.ts';
import {
  classroomsWithCounts,
  findClassroom,
  insertClassroom,
  membersOfClassrooms,
  setClassroomDetails,
  type ClassroomRow,
} from '../classrooms/core/queries.ts';
import {
  enrolStudent,
  mailClassroomInvitations,
  unenrolStudent,
} from '../classrooms/core/service.ts';
import type { Executor } from '../db/connection.ts';
import { reserveInvitationSends } from '../mail/invitations.ts';
import { rosterTeacherEmail } from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../platform/errors.ts';
import { newJoinCode } from '../platform/join-codes.ts';
import { newStudentPassword } from '../users/credentials-service.ts';
import type { UserRow } from '../users/presenter.ts';
import {
  changeUser,
  findUsersByEmail,
  findUsersByIds,
  insertStaffAudit,
  markTeacherTrusted,
} from '../users/queries.ts';
import {
  parseGoogleClassroom,
  parseOneRoster,
  type ParsedRoster,
  type RosterClass,
  type RosterPerson,
} from './parse.ts';
import { importsForSchool, mayImportIntoClass, mayImportRosters } from './policies.ts';
import {
  insertImport,
  invitedSince,
  linkClass,
  linkedClasses,
  linkedUsers,
  linkUser,
  lockRosterImports,
  recordInvitations,
  rosterManaged,
} from './queries.ts';

/** A new teacher's first password link lasts a week, as a parent's invitation does (it is mailed, often read days later). */
const TEACHER_LINK_DAYS = 7;

/**
 * Rosters in (docs/decisions/042-rosters.md): the plan an upload makes against the accounts
 * and classes Bullpen has, shown as a preview, then applied in one transaction under a lock
 * after planning again, so that two applies of the same files one after the other change
 * things once. Accounts are made as a teacher's paste makes them (auth/accounts.ts), students
 * with an address are invited as a teacher's invitation does (classrooms/core/service.ts).
 */

export type RosterUpload = z.output<typeof rosterUploadSchema>;

type PersonAction = 'create' | 'update' | 'unchanged' | 'invite' | 'skip';

type PersonPlan = {
  person: RosterPerson;
  action: PersonAction;
  user: UserRow | null;
  /** Link the key to `user` (matched by address, not yet linked). */
  link: boolean;
  /** New names for a linked account without an address. */
  rename: boolean;
  /** The teacher who makes the account (the first class's owner). */
  owner: UserRow | null;
  /** The owner is a teacher this import makes: their roster key. */
  ownerKey: string | null;
};

/** A rostered teacher: linked, matched by address (to link), or made by a staff import. */
type TeacherPlan = {
  person: RosterPerson;
  action: 'create' | 'update' | 'unchanged';
  user: UserRow | null;
};

type ClassPlan = {
  source: RosterClass;
  action: 'create' | 'update' | 'unchanged';
  classroom: ClassroomRow | null;
  /** Null while the owner is a teacher this import makes (`ownerKey`). */
  owner: UserRow | null;
  ownerKey: string | null;
  studentKeys: string[];
  /** Members to take out: roster-linked accounts the files no longer list in this class. */
  remove: number[];
  current: Set<number>;
  alreadyInvited: Set<string>;
};

type Planned = {
  classes: ClassPlan[];
  people: Map<string, PersonPlan>;
  teacherLinks: Map<string, number>;
  teachers: { matched: number; missing: number };
  /** Every rostered teacher of a planned class with an account or one to make. */
  teacherPlans: Map<string, TeacherPlan>;
  problems: RosterProblem[];
};

const NAME = /^[\p{L}\p{M}' .-]{1,50}$/u;

/** The upload read by its format; the Google Classroom format names its one class. */
export function parseUpload(upload: RosterUpload): ParsedRoster {
  if (upload.format === 'google_classroom') {
    if (upload.classroom_id === undefined) {
      throw badRequest({ classroom_id: rosterMessages.classroomRequired });
    }
    return parseGoogleClassroom(upload.files);
  }
  if (upload.classroom_id !== undefined) {
    throw badRequest({ classroom_id: rosterMessages.classroomOnlyForGoogle });
  }
  return parseOneRoster(upload.files);
}

function requireImporter(actor: UserRow): void {
  if (!mayImportRosters(actor)) throw forbidden(rosterMessages.studentsNever);
}

/** The class a Google Classroom roster goes into: staff any, a teacher their own (404/403). */
async function targetClassroom(db: Executor, actor: UserRow, classroomId: number) {
  const classroom = await findClassroom(db, classroomId);
  if (!classroom) throw notFound(classroomMessages.notFound);
  if (!mayImportIntoClass(actor, classroom)) throw forbidden(rosterMessages.staffOrTeacherOfClass);
  return classroom;
}

async function plan(
  db: Executor,
  actor: UserRow,
  parsed: ParsedRoster,
  classroomId: number | undefined,
  now: Date,
): Promise<Planned> {
  const school = importsForSchool(actor);
  const problems: RosterProblem[] = [...parsed.notes];
  const problem = (at: { file: string; line: number }, message: string) =>
    problems.push({ file: at.file, line: at.line, message });

  const userLinks = await linkedUsers(db, [...parsed.people.keys()]);
  const linkedRows = await findUsersByIds(db, [...new Set(userLinks.values())]);
  const linked = (key: string) => {
    const user = linkedRows.get(userLinks.get(key) ?? 0);
    return user && !user.purgedAt ? user : undefined;
  };
  const byEmail = async (email: string, teacher: boolean) => {
    const found = await findUsersByEmail(db, email, 5);
    return found.find((user) => !user.purgedAt && !user.isGuardian && user.isTeacher === teacher);
  };

  // Teachers: linked, or an account of a teacher with the same address.
  // A staff import makes the account of a teacher with an address and none yet (the staff
  // member vouches for them); a teacher's own import never makes other teachers.
  const teacherOf = new Map<string, UserRow | null>();
  const teacherLinks = new Map<string, number>();
  const teacherPlans = new Map<string, TeacherPlan>();
  const madeAddresses = new Set<string>();
  for (const source of parsed.classes) {
    for (const key of source.teacherKeys) {
      if (teacherOf.has(key) || teacherPlans.has(key)) continue;
      const person = parsed.people.get(key)!;
      let user = linked(key);
      if (user) teacherPlans.set(key, { person, action: 'unchanged', user });
      if (!user && person.email) {
        user = await byEmail(person.email, true);
        if (user) {
          teacherLinks.set(key, user.id);
          teacherPlans.set(key, { person, action: 'update', user });
        }
      }
      if (!user && school && person.email && validNames(person)) {
        const others = await findUsersByEmail(db, person.email, 5);
        const address = person.email.toLowerCase();
        if (madeAddresses.has(address)) {
          problem(
            person,
            `${person.givenName} ${person.familyName} has the address of another teacher of the roster (${person.email}): they are left out`,
          );
          teacherOf.set(key, null);
        } else if (others.some((other) => !other.purgedAt)) {
          problem(
            person,
            `the address of ${person.givenName} ${person.familyName} (${person.email}) belongs to an account that is not a teacher's: they are left out`,
          );
          teacherOf.set(key, null);
        } else {
          madeAddresses.add(address);
          teacherPlans.set(key, { person, action: 'create', user: null });
        }
        continue;
      }
      teacherOf.set(key, user ?? null);
      if (!user) {
        problem(
          person,
          `no Bullpen teacher account has the address of ${person.givenName} ${person.familyName}${person.email ? ` (${person.email})` : ''}: they sign up as a teacher first`,
        );
      }
    }
  }

  const classLinks = await linkedClasses(
    db,
    parsed.classes.flatMap((source) => (source.key ? [source.key] : [])),
  );
  // The linked classes, their teachers, students and invitations, each in one read.
  const rooms = new Map<number, ClassroomRow>(
    await classroomsWithCounts(db, [...new Set(classLinks.values())]),
  );
  if (classroomId !== undefined) {
    rooms.set(classroomId, await targetClassroom(db, actor, classroomId));
  }
  const roomIds = [...rooms.keys()];
  const roomTeachers = await findUsersByIds(db, [
    ...new Set([...rooms.values()].map((room) => room.teacherId)),
  ]);
  const membersByRoom = new Map<number, Set<number>>(roomIds.map((id) => [id, new Set()]));
  for (const member of await membersOfClassrooms(db, roomIds)) {
    membersByRoom.get(member.classroomId)?.add(member.userId);
  }
  const invited = await invitedSince(
    db,
    roomIds,
    new Date(now.getTime() - ROSTER_INVITATION_DAYS * 86_400_000),
  );
  const classes: ClassPlan[] = [];
  for (const source of parsed.classes) {
    const classroom =
      rooms.get(source.key === null ? classroomId! : (classLinks.get(source.key) ?? 0)) ?? null;
    const teachers = source.teacherKeys
      .map((key) => teacherOf.get(key))
      .filter((user): user is UserRow => Boolean(user));
    let owner: UserRow | undefined;
    let ownerKey: string | null = null;
    if (classroom) {
      if (!mayImportIntoClass(actor, classroom)) {
        problem(source, `the class "${source.title}" is another teacher's: it is left alone`);
        continue;
      }
      owner = roomTeachers.get(classroom.teacherId);
    } else if (school) {
      // The first listed teacher with an account, or to be made.
      const firstKey = source.teacherKeys.find(
        (key) => teacherOf.get(key) || teacherPlans.get(key)?.action === 'create',
      );
      owner = firstKey === undefined ? undefined : (teacherOf.get(firstKey) ?? undefined);
      if (!owner && firstKey !== undefined) ownerKey = firstKey;
      if (!owner && !ownerKey) {
        problem(
          source,
          `the class "${source.title}" has no teacher with a Bullpen account: it is left out`,
        );
        continue;
      }
    } else {
      if (source.teacherKeys.length > 0 && !teachers.some((user) => user.id === actor.id)) {
        problem(source, `the class "${source.title}" is another teacher's: it is left alone`);
        continue;
      }
      owner = actor;
    }
    if (!owner && !ownerKey) continue;
    const details = {
      name: source.title,
      grade: source.grade,
      subject: source.subject,
      school: source.school,
    };
    const action =
      classroom === null
        ? 'create'
        : source.key === null ||
            (classroom.name === details.name &&
              classroom.grade === details.grade &&
              classroom.subject === details.subject &&
              classroom.school === details.school)
          ? 'unchanged'
          : 'update';
    classes.push({
      source,
      action,
      classroom,
      owner: owner ?? null,
      ownerKey,
      studentKeys: source.studentKeys,
      remove: [],
      current: classroom ? membersByRoom.get(classroom.id)! : new Set(),
      alreadyInvited: classroom ? (invited.get(classroom.id) ?? new Set()) : new Set(),
    });
  }

  // Students: linked, or an account with the address, or invited (an address), or made.
  const people = new Map<string, PersonPlan>();
  for (const target of classes) {
    for (const key of target.studentKeys) {
      if (people.has(key)) continue;
      const person = parsed.people.get(key)!;
      const user = linked(key);
      if (user) {
        const rename =
          user.email === null &&
          (user.firstName !== person.givenName || user.lastName !== person.familyName);
        if (rename && !validNames(person)) {
          problem(person, badNames(person));
        }
        const renaming = rename && validNames(person);
        people.set(key, {
          person,
          action: renaming ? 'update' : 'unchanged',
          user,
          link: false,
          rename: renaming,
          owner: null,
          ownerKey: null,
        });
        continue;
      }
      if (person.email) {
        const match = await byEmail(person.email, false);
        people.set(key, {
          person,
          action: match ? 'update' : 'invite',
          user: match ?? null,
          link: Boolean(match),
          rename: false,
          owner: null,
          ownerKey: null,
        });
        continue;
      }
      if (!validNames(person)) {
        problem(person, badNames(person));
        people.set(key, {
          person,
          action: 'skip',
          user: null,
          link: false,
          rename: false,
          owner: null,
          ownerKey: null,
        });
        continue;
      }
      people.set(key, {
        person,
        action: 'create',
        user: null,
        link: true,
        rename: false,
        owner: target.owner,
        ownerKey: target.ownerKey,
      });
    }
  }

  // Removal: roster-linked members of the class that its list no longer names.
  const managed = await rosterManaged(db, [
    ...new Set(classes.flatMap((target) => [...target.current])),
  ]);
  for (const target of classes) {
    if (!target.classroom) continue;
    const listed = new Set(
      target.studentKeys.flatMap((key) => {
        const id = people.get(key)?.user?.id;
        return id === undefined ? [] : [id];
      }),
    );
    target.remove = [...target.current].filter((id) => managed.has(id) && !listed.has(id));
  }

  const matched = [...teacherOf.values()].filter(Boolean).length;
  return {
    classes,
    people,
    teacherLinks,
    teachers: { matched, missing: teacherOf.size - matched },
    teacherPlans,
    problems,
  };
}

function validNames(person: RosterPerson): boolean {
  return NAME.test(person.givenName) && NAME.test(person.familyName);
}

function badNames(person: RosterPerson): string {
  return `the names "${person.givenName} ${person.familyName}" are not usable (1 to 50 letters, spaces, apostrophes, dots or hyphens): the student is left out`;
}

/** Per class: who is enrolled, who is new in it, who is invited (not yet), who stays. */
function enrolmentsOf(target: ClassPlan, people: Map<string, PersonPlan>) {
  const add: string[] = [];
  const invite: string[] = [];
  let unchanged = 0;
  for (const key of target.studentKeys) {
    const planned = people.get(key)!;
    if (planned.action === 'skip') continue;
    if (planned.action === 'invite') {
      if (!target.alreadyInvited.has(planned.person.email!)) invite.push(planned.person.email!);
      continue;
    }
    if (planned.user && target.current.has(planned.user.id)) unchanged += 1;
    else add.push(key);
  }
  return { add, invite, unchanged };
}

function ownerName(target: ClassPlan, planned: Planned): string {
  const owner = target.owner ?? planned.teacherPlans.get(target.ownerKey!)!.person;
  const [first, last] =
    'givenName' in owner ? [owner.givenName, owner.familyName] : [owner.firstName, owner.lastName];
  return `${first} ${last}`.trim();
}

function present(planned: Planned, digest: string): RosterPlan {
  const count = (action: PersonAction) =>
    [...planned.people.values()].filter((person) => person.action === action).length;
  const lines: RosterClassLine[] = [];
  let add = 0;
  let remove = 0;
  let unchanged = 0;
  const invitedSomewhere = new Set<string>();
  for (const target of planned.classes) {
    const enrolments = enrolmentsOf(target, planned.people);
    for (const email of enrolments.invite) invitedSomewhere.add(email);
    add += enrolments.add.length;
    remove += target.remove.length;
    unchanged += enrolments.unchanged;
    lines.push({
      sourced_id: target.source.key?.replace(/^oneroster:/, '') ?? '',
      title: target.classroom?.name ?? target.source.title,
      action: target.action,
      classroom_id: target.classroom?.id ?? null,
      teacher: ownerName(target, planned),
      students: target.studentKeys.filter((key) => planned.people.get(key)?.action !== 'skip')
        .length,
      enrol: enrolments.add.length,
      remove: target.remove.length,
    });
  }
  const invites = [...planned.people.values()].filter(
    (person) => person.action === 'invite' && invitedSomewhere.has(person.person.email!),
  ).length;
  const teacherCount = (action: TeacherPlan['action']) =>
    [...planned.teacherPlans.values()].filter((teacher) => teacher.action === action).length;
  const classCount = (action: ClassPlan['action']) =>
    planned.classes.filter((target) => target.action === action).length;
  return {
    digest,
    classes: {
      create: classCount('create'),
      update: classCount('update'),
      unchanged: classCount('unchanged'),
    },
    teachers: {
      ...planned.teachers,
      create: teacherCount('create'),
      update: teacherCount('update'),
      unchanged: teacherCount('unchanged'),
    },
    students: {
      create: count('create'),
      update: count('update'),
      // An invitation sent in the last days is not sent again: that student stays as they are.
      unchanged: count('unchanged') + count('invite') - invites,
      invite: invites,
    },
    enrolments: { add, remove, unchanged },
    class_lines: lines,
    problems: planned.problems.slice(0, ROSTER_PROBLEMS_SHOWN),
    problems_count: planned.problems.length,
  };
}

/** What the upload would do; changes nothing. */
export async function previewRoster(
  db: Executor,
  actor: UserRow,
  upload: RosterUpload,
  now: Date,
): Promise<RosterPlan> {
  requireImporter(actor);
  const parsed = parseUpload(upload);
  return present(await plan(db, actor, parsed, upload.classroom_id, now), parsed.digest);
}

/**
 * Applies the upload in one transaction: plans again under the import lock (two applies of
 * the same files: the second finds everything done), makes the classes and accounts, links
 * sourcedIds, renames, enrols and removes, counts the invitations against the hourly limits
 * (over them, 429 and nothing changes) and logs the import; the invitations are mailed after
 * the commit. Passwords are hashed before the transaction, as a paste does.
 */
export async function applyRoster(
  deps: Deps,
  hooks: ClassroomMembershipHooks,
  actor: UserRow,
  upload: RosterUpload,
  now: Date,
): Promise<RosterApplyResult> {
  requireImporter(actor);
  const { db } = deps;
  const parsed = parseUpload(upload);
  const first = await plan(db, actor, parsed, upload.classroom_id, now);
  const hashFor = async (count: number) => {
    const passwords = Array.from({ length: count }, () => newStudentPassword());
    const hashes = await Promise.all(passwords.map((password) => hashPasswordInBulk(password)));
    return passwords.map((password, index) => ({ password, hash: hashes[index]! }));
  };
  const creations = (planned: Planned) =>
    [...planned.people.values()].filter((person) => person.action === 'create').length;
  const secrets = await hashFor(creations(first));
  const teacherCreations = (planned: Planned) =>
    [...planned.teacherPlans.values()].filter((teacher) => teacher.action === 'create').length;
  // A made teacher's password is never told: the mailed link lets them choose theirs.
  const unknownHash = () => hashPasswordInBulk(randomBytes(32).toString('base64url'));
  const teacherHashes = await Promise.all(
    Array.from({ length: teacherCreations(first) }, unknownHash),
  );

  const { result, mail, teacherMail } = await db.transaction(async (tx) => {
    await lockRosterImports(tx);
    const planned = await plan(tx, actor, parsed, upload.classroom_id, now);
    // Another import made other accounts meanwhile: rare, and a few more hashes.
    if (creations(planned) > secrets.length) {
      secrets.push(...(await hashFor(creations(planned) - secrets.length)));
    }
    const summary = present(planned, parsed.digest);
    for (const [key, userId] of planned.teacherLinks) await linkUser(tx, key, userId, now);

    // Teachers made by a staff import: trusted (the staff member vouches, decision 028),
    // linked by sourcedId, and mailed a link to choose their password after the commit.
    const madeTeachers = new Map<string, UserRow>();
    const teacherMail: { user: UserRow; token: string }[] = [];
    for (const [key, teacher] of planned.teacherPlans) {
      if (teacher.action !== 'create') continue;
      const made = await createRosteredTeacher(tx, {
        firstName: teacher.person.givenName,
        lastName: teacher.person.familyName,
        email: teacher.person.email!,
        passwordHash: teacherHashes.pop() ?? (await unknownHash()),
        language: actor.language,
      });
      const user = (await markTeacherTrusted(tx, made.id, actor.id, now)) ?? made;
      await insertStaffAudit(tx, {
        actorId: actor.id,
        action: 'teacher.trust',
        targetUserId: user.id,
        at: now,
      });
      await linkUser(tx, key, user.id, now);
      madeTeachers.set(key, user);
      teacherMail.push({
        user,
        token: await issueToken(tx, user.id, 'reset_password', {
          now,
          lifetimeMs: TEACHER_LINK_DAYS * 86_400_000,
        }),
      });
    }
    for (const target of planned.classes) {
      target.owner ??= madeTeachers.get(target.ownerKey!)!;
    }
    for (const person of planned.people.values()) {
      if (person.ownerKey) person.owner ??= madeTeachers.get(person.ownerKey)!;
    }

    const credentials: StudentCredentials[] = [];
    for (const planned_ of planned.people.values()) {
      const { person } = planned_;
      if (planned_.action === 'create') {
        const secret = secrets[credentials.length]!;
        const user = await createAccountWithoutEmail(tx, {
          firstName: person.givenName,
          lastName: person.familyName,
          passwordHash: secret.hash,
          teacher: planned_.owner!,
        });
        planned_.user = user;
        credentials.push({
          id: user.id,
          username: user.username,
          first_name: user.firstName,
          last_name: user.lastName,
          password: secret.password,
        });
      }
      if (planned_.user && planned_.link) await linkUser(tx, person.key, planned_.user.id, now);
      if (planned_.user && planned_.rename) {
        await changeUser(tx, planned_.user.id, {
          firstName: person.givenName,
          lastName: person.familyName,
          updatedAt: now,
        });
      }
    }

    const mail: { classroom: ClassroomRow; emails: string[] }[] = [];
    for (const target of planned.classes) {
      const enrolments = enrolmentsOf(target, planned.people);
      let classroom = target.classroom;
      const details = {
        name: target.source.title,
        grade: target.source.grade,
        subject: target.source.subject,
        school: target.source.school,
      };
      if (!classroom) {
        classroom = await insertClassroom(tx, {
          ...details,
          description: '',
          teacherId: target.owner!.id,
          joinCode: newJoinCode(),
        });
        await linkClass(tx, target.source.key!, classroom.id, now);
      } else if (target.action === 'update') {
        await setClassroomDetails(tx, classroom.id, details, now);
      }
      for (const key of enrolments.add) {
        await enrolStudent(tx, hooks, classroom.id, planned.people.get(key)!.user!.id, now);
      }
      for (const userId of target.remove) {
        await unenrolStudent(tx, hooks, classroom.id, userId, now);
      }
      if (enrolments.invite.length > 0) {
        await reserveInvitationSends(tx, {
          senderId: actor.id,
          target: `classroom:${classroom.id}`,
          recipients: enrolments.invite,
          now,
        });
        await recordInvitations(tx, classroom.id, enrolments.invite, now);
        mail.push({ classroom, emails: enrolments.invite });
      }
    }
    const importId = await insertImport(tx, {
      actorId: actor.id,
      format: upload.format,
      digest: parsed.digest,
      counts: {
        classes: summary.classes,
        teachers: summary.teachers,
        students: summary.students,
        enrolments: summary.enrolments,
      },
      createdAt: now,
    });
    return { result: { ...summary, import_id: importId, credentials }, mail, teacherMail };
  });
  const inviter = `${actor.firstName} ${actor.lastName}`.trim() || actor.username;
  for (const { user, token } of teacherMail) {
    await deps.mailer.send({
      to: user.email!,
      ...rosterTeacherEmail(
        user.language,
        user.firstName,
        inviter,
        `${deps.config.publicUrl}/public/reset-password?token=${token}`,
      ),
    });
  }
  for (const { classroom, emails } of mail) {
    await mailClassroomInvitations(deps, actor, classroom, emails);
  }
  return result;
}
