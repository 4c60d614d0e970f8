import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classroomMessages } from '@bullpen/contract/classrooms';
import { authMessages } from '@bullpen/contract/messages';
import {
  AWARD_POINTS_MAX,
  AWARD_POINTS_PER_TEACHER_PER_DAY,
  AWARD_REASON_MAX,
  pointsMessages,
} from '@bullpen/contract/points';
import { userChannel } from '@bullpen/contract/realtime';
import { availablePoints, ledgerSum } from '../../points/service.ts';
import { buildUser, testAppForFile } from '../../test/app.ts';
import {
  callAs,
  classroomsUrl,
  createClassWithStudents,
  signedOut,
  type Who,
} from '../../test/classrooms.ts';

/** A teacher awards a student of their class points, with a reason, under a daily cap. */
const t = testAppForFile();

const base = classroomsUrl;
const call = callAs(t);

const teacher = () => buildUser(t.deps, { is_teacher: true, verified: true, trusted: true });

async function classWithStudents(count = 1) {
  const owner = await teacher();
  const students = Array.from({ length: count }, (_, index) => ({
    first_name: 'Sam',
    last_name: `Student${index}`,
  }));
  const made = await createClassWithStudents(t.app, owner, {
    name: 'Period 5 Economics',
    students,
  });
  return { owner, ...made };
}

const award = (who: Who, classroomId: number, payload: object) =>
  call(who, 'POST', `${base}${classroomId}/points-awards/`, payload);

describe('POST /api/classrooms/classrooms/{id}/points-awards/', () => {
  it('lets the teacher award a student, who reads the reason and hears the new balance', async () => {
    const { owner, classroom, student } = await classWithStudents();
    const heard: unknown[] = [];
    await t.app.realtime.subscribe(userChannel(student.user.id), {
      id: 'awards-test',
      send: (data) => heard.push(JSON.parse(data)),
    });
    const response = await award(owner, classroom.id, {
      student: student.user.id,
      points: 40,
      reason: '  Best presentation of the week  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      entry: {
        id: expect.any(Number),
        points: 40,
        reason: 'award',
        note: 'Best presentation of the week',
        awarded_by: expect.any(String),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      student: student.user.id,
      left_today: AWARD_POINTS_PER_TEACHER_PER_DAY - 40,
    });
    // The new balance, then the bell's count: the award is a notification too.
    expect(heard).toEqual([
      { channel: userChannel(student.user.id), type: 'points', available_points: 40 },
      { channel: userChannel(student.user.id), type: 'notifications', unread: 1 },
    ]);
    // A second award for the same student is an award of its own; a student id as a string too.
    const again = await award(owner, classroom.id, {
      student: String(student.user.id),
      points: 10,
      reason: 'Helped a classmate',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().left_today).toBe(AWARD_POINTS_PER_TEACHER_PER_DAY - 50);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(50);

    const history = await call(student, 'GET', `/api/points/points/${student.user.id}/history/`);
    expect(history.json().results).toEqual([
      expect.objectContaining({ points: 10, reason: 'award', note: 'Helped a classmate' }),
      expect.objectContaining({
        points: 40,
        note: 'Best presentation of the week',
        awarded_by: response.json().entry.awarded_by,
      }),
    ]);

    // The class's statistics show the student's balance.
    const statistics = await call(owner, 'POST', `${base}${classroom.id}/statistics/`, {});
    expect(statistics.statusCode).toBe(200);
    expect(statistics.json().results).toEqual([
      expect.objectContaining({ id: student.user.id, points: 50 }),
    ]);
  });

  it("refuses another class's teacher, the student themself and anyone signed out", async () => {
    const { owner, classroom, student } = await classWithStudents();
    const other = await classWithStudents();
    const payload = { student: student.user.id, points: 5, reason: 'Well done' };

    // Another teacher does not see the class at all (a class's id reveals nothing).
    const stranger = await award(other.owner, classroom.id, payload);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: classroomMessages.notFound });
    const self = await award(student, classroom.id, payload);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ error: classroomMessages.teacherOnly });
    const anonymous = await award(signedOut, classroom.id, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: authMessages.notAuthenticated });
    // Nor may a teacher award their own class's points to a student of another class.
    const outsider = await award(owner, classroom.id, {
      ...payload,
      student: other.student.user.id,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toEqual({ student: [pointsMessages.awardNotStudent] });
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(0);
    expect(await availablePoints(t.deps.db, other.student.user.id)).toBe(0);
  });

  it('tells the teacher, and only the teacher, what they may still award today', async () => {
    const { owner, classroom, student } = await classWithStudents();
    const other = await classWithStudents();
    const url = `${base}${classroom.id}/points-awards/`;
    const before = await call(owner, 'GET', url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      left_today: AWARD_POINTS_PER_TEACHER_PER_DAY,
      daily_max: AWARD_POINTS_PER_TEACHER_PER_DAY,
    });
    await award(owner, classroom.id, {
      student: student.user.id,
      points: 30,
      reason: 'Great work',
    });
    expect((await call(owner, 'GET', url)).json()).toMatchObject({
      left_today: AWARD_POINTS_PER_TEACHER_PER_DAY - 30,
    });
    expect((await call(student, 'GET', url)).statusCode).toBe(403);
    expect((await call(other.owner, 'GET', url)).statusCode).toBe(404);
    expect((await call(signedOut, 'GET', url)).statusCode).toBe(401);
  });

  it('needs a current student of the class, and a class that is not frozen', async () => {
    const { owner, classroom, students } = await classWithStudents(2);
    const [leaving, staying] = students;
    const left = await call(
      leaving!,
      'DELETE',
      `${base}${classroom.id}/users/${leaving!.user.id}/`,
    );
    expect(left.statusCode).toBe(204);
    const payload = { points: 5, reason: 'Well done' };
    for (const student of [leaving!.user.id, owner.user.id, 999_999_999]) {
      const refused = await award(owner, classroom.id, { ...payload, student });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ student: [pointsMessages.awardNotStudent] });
    }
    expect(await availablePoints(t.deps.db, leaving!.user.id)).toBe(0);

    await call(owner, 'PATCH', `${base}${classroom.id}/freeze`, { frozen: true });
    const frozen = await award(owner, classroom.id, { ...payload, student: staying!.user.id });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({ error: classroomMessages.frozen });
    await call(owner, 'PATCH', `${base}${classroom.id}/freeze`, { frozen: false });
    expect(
      (await award(owner, classroom.id, { ...payload, student: staying!.user.id })).statusCode,
    ).toBe(201);
    expect(
      (await award(owner, 999_999_999, { ...payload, student: staying!.user.id })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with the field named', async () => {
    const { owner, classroom, student } = await classWithStudents();
    const good = { student: student.user.id, points: 5, reason: 'Well done' };
    const cases: [object, Record<string, string[]>][] = [
      [{ ...good, points: 0 }, { points: [pointsMessages.awardPoints] }],
      [{ ...good, points: AWARD_POINTS_MAX + 1 }, { points: [pointsMessages.awardPoints] }],
      [{ ...good, points: 1.5 }, { points: [pointsMessages.awardPoints] }],
      [{ ...good, points: '5' }, { points: [pointsMessages.awardPoints] }],
      [{ student: good.student, points: 5 }, { reason: [pointsMessages.awardReason] }],
      [{ ...good, reason: '   ' }, { reason: [pointsMessages.awardReason] }],
      [
        { ...good, reason: 'x'.repeat(AWARD_REASON_MAX + 1) },
        { reason: [pointsMessages.awardReasonTooLong] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await award(owner, classroom.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject(errors);
    }
    const missingStudent = await award(owner, classroom.id, { points: 5, reason: 'Well done' });
    expect(missingStudent.statusCode).toBe(400);
    expect(missingStudent.json()).toHaveProperty('student');
    const extra = await award(owner, classroom.id, { ...good, bonus: true });
    expect(extra.statusCode).toBe(400);
    // The longest reason is fine.
    const longest = await award(owner, classroom.id, {
      ...good,
      reason: 'x'.repeat(AWARD_REASON_MAX),
    });
    expect(longest.statusCode).toBe(201);
    expect(await availablePoints(t.deps.db, student.user.id)).toBe(5);
  });

  it('holds a teacher to the daily cap over all their classes, counting the last 24 hours', async () => {
    const { owner, classroom, student } = await classWithStudents();
    const second = await call(owner, 'POST', base, { name: 'Period 6 Economics' });
    const secondClass = second.json() as { id: number; join_code: string };
    const pupil = await buildUser(t.deps);
    await call(pupil, 'POST', `${base}join/`, { code: secondClass.join_code });

    const full = AWARD_POINTS_PER_TEACHER_PER_DAY - 30;
    for (let given = 0; given < full; given += AWARD_POINTS_MAX) {
      const points = Math.min(AWARD_POINTS_MAX, full - given);
      const target = given % (2 * AWARD_POINTS_MAX) === 0 ? student : pupil;
      const classId = target === student ? classroom.id : secondClass.id;
      const response = await award(owner, classId, {
        student: target.user.id,
        points,
        reason: 'Cap test',
      });
      expect(response.statusCode).toBe(201);
    }
    const over = await award(owner, secondClass.id, {
      student: pupil.user.id,
      points: 31,
      reason: 'One too many',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: pointsMessages.awardCap(30) });
    const last = await award(owner, classroom.id, {
      student: student.user.id,
      points: 30,
      reason: 'The last of today',
    });
    expect(last.statusCode).toBe(201);
    expect(last.json().left_today).toBe(0);
    const none = await award(owner, classroom.id, {
      student: student.user.id,
      points: 1,
      reason: 'Nothing left',
    });
    expect(none.json()).toEqual({ error: pointsMessages.awardCap(0) });

    // Another teacher's cap is their own.
    const other = await classWithStudents();
    expect(
      (
        await award(other.owner, other.classroom.id, {
          student: other.student.user.id,
          points: AWARD_POINTS_MAX,
          reason: 'Mine',
        })
      ).statusCode,
    ).toBe(201);

    // Awards older than 24 hours no longer count.
    await t.deps.db.execute(
      sql`update point_entries set created_at = now() - interval '25 hours'
          where created_by = ${owner.user.id} and note = 'Cap test'`,
    );
    const next = await award(owner, classroom.id, {
      student: student.user.id,
      points: 20,
      reason: 'A new day',
    });
    expect(next.statusCode).toBe(201);
    expect(next.json().left_today).toBe(AWARD_POINTS_PER_TEACHER_PER_DAY - 30 - 20);
  });

  it('lets only the awards that fit under the cap through when they arrive together', async () => {
    const { owner, classroom, students } = await classWithStudents(3);
    // 950 given: 50 left, and 10 awards of 20 arrive at once (200): exactly 2 fit.
    const given = AWARD_POINTS_PER_TEACHER_PER_DAY - 50;
    for (let done = 0; done < given; done += AWARD_POINTS_MAX) {
      const response = await award(owner, classroom.id, {
        student: students[0]!.user.id,
        points: Math.min(AWARD_POINTS_MAX, given - done),
        reason: 'Earlier today',
      });
      expect(response.statusCode).toBe(201);
    }
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        award(owner, classroom.id, {
          student: students[index % 3]!.user.id,
          points: 20,
          reason: `At once ${index}`,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    const accepted = responses.filter((response) => response.statusCode === 201);
    expect(accepted.map((response) => response.json().left_today).sort()).toEqual([10, 30]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: pointsMessages.awardCap(10) });
    }
    const total = (
      await Promise.all(students.map((student) => ledgerSum(t.deps.db, student.user.id)))
    ).reduce((sum, points) => sum + points, 0);
    expect(total).toBe(given + 40);
  });
});
