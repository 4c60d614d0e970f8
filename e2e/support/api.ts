import type { APIRequestContext, Page } from '@playwright/test';
import type { Attempt, Course, Lesson, LessonCard } from '@bullpen/contract/learn';
import type { Page as ListPage } from '@bullpen/contract/pagination';
import { demo, expect } from './fixtures.ts';
import { rightAnswers } from './content.ts';

/** The Authorization header of a fresh session for a user (through the login API). */
export async function tokenFor(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api-token-auth/', { data: { username, password } });
  expect(response.status(), `log in ${username}`).toBe(200);
  return { Authorization: `JWT ${((await response.json()) as { token: string }).token}` };
}

/**
 * A class of the demo teacher with one new student (signed up with an email address, then
 * joined by the class's code), all through the API.
 */
export async function classWithStudent(
  request: APIRequestContext,
  options: {
    className: string;
    student: { username: string; password: string; firstName: string; lastName: string };
  },
) {
  const teacherAuth = await tokenFor(request, demo.teacher.username, demo.teacher.password);
  const created = await request.post('/api/classrooms/classrooms/', {
    headers: teacherAuth,
    data: { name: options.className, grade: '8', subject: 'Economics' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classroom = (await created.json()) as { id: number; join_code: string };

  const { username, password, firstName, lastName } = options.student;
  const signup = await request.post('/api/users/', {
    multipart: {
      username,
      email: `${username}@school.test`,
      password,
      first_name: firstName,
      last_name: lastName,
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const studentId = ((await signup.json()) as { user: { id: number } }).user.id;
  const studentAuth = await tokenFor(request, username, password);
  const joined = await request.post('/api/classrooms/classrooms/join/', {
    headers: studentAuth,
    data: { code: classroom.join_code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { classroom, teacherAuth, studentAuth, studentId };
}

/** Answers question `index` of a lesson's quiz: a choice by its index, or a typed number. */
export async function answerQuestion(
  page: Page,
  lesson: Lesson,
  index: number,
  value: number | string,
) {
  const question = lesson.questions[index]!;
  const name = `${index + 1}. ${question.question}`;
  if (question.type === 'choice') {
    await page
      .getByRole('group', { name, exact: true })
      .getByRole('radio')
      .nth(Number(value))
      .check();
  } else {
    await page.getByRole('textbox', { name, exact: true }).fill(String(value));
  }
}

/**
 * Passes a lesson in one attempt: the questions the server drew for it, answered from the
 * lesson file's answer key (support/content.ts).
 */
export async function passLesson(
  request: APIRequestContext,
  auth: Record<string, string>,
  lessonId: number,
) {
  const lesson = (await (
    await request.get(`/api/learn/lessons/${lessonId}/`, { headers: auth })
  ).json()) as Lesson;
  const right = rightAnswers(lesson.slug);
  const passed = await request.post(`/api/learn/lessons/${lessonId}/attempts/`, {
    headers: auth,
    data: {
      answers: Object.fromEntries(
        lesson.questions.map((question) => [question.id, right.get(question.id)]),
      ),
    },
  });
  expect(passed.status()).toBe(201);
  expect(((await passed.json()) as Attempt).lesson_completed).toBe(true);
}

/** The `count` courses with the fewest lessons, shortest first. */
export async function shortestCourses(request: APIRequestContext, count: number) {
  const courses = (await (
    await request.get('/api/learn/courses/?page_size=100')
  ).json()) as ListPage<Course>;
  const shortest = [...courses.results]
    .filter((course) => course.lessons_count > 0)
    .sort((a, b) => a.lessons_count - b.lessons_count)
    .slice(0, count);
  expect(shortest).toHaveLength(count);
  return shortest;
}

/** Passes every lesson of a course through the attempts API. */
export async function passCourse(
  request: APIRequestContext,
  auth: Record<string, string>,
  course: Course,
) {
  const lessons = (await (
    await request.get(`/api/learn/lessons/?course=${course.id}&page_size=100`)
  ).json()) as ListPage<LessonCard>;
  expect(lessons.results).toHaveLength(course.lessons_count);
  for (const lesson of lessons.results) await passLesson(request, auth, lesson.id);
}
