import type { APIRequestContext, Page } from '@playwright/test';
import type { Lesson } from '@bullpen/contract/learn';
import { demo, expect } from './fixtures.ts';

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
  const studentAuth = await tokenFor(request, username, password);
  const joined = await request.post('/api/classrooms/classrooms/join/', {
    headers: studentAuth,
    data: { code: classroom.join_code },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { classroom, teacherAuth, studentAuth };
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
