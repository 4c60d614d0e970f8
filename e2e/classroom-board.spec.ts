import type { Locator, Page } from '@playwright/test';
import { classWithStudent } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The discussion board, end to end: the demo teacher makes a class and a new student joins it
 * by code (API); both open the class's board in their own browser and see each other's
 * messages arrive live, without reloading, and the student's message vanish live when the
 * teacher deletes it.
 */

/** The class page's board (a tab of the page, kept in `?tab=`). */
async function openBoard(page: Page, classroomId: number): Promise<Locator> {
  await page.goto(`/classroom/${classroomId}?tab=board`);
  await expect(page.getByRole('tab', { name: 'Board', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const board = page.getByRole('region', { name: 'Discussion board', exact: true });
  await expect(board).toBeVisible();
  // Live from here on: the board has subscribed to the class's channel and loaded.
  await expect(board.getByRole('log', { name: 'Messages of the class' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  return board;
}

test('a teacher and a student see each other’s messages on the class board live', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const studentName = `poster_${stamp}`;
  const studentPassword = 'violet canyon breezes';
  const { classroom } = await classWithStudent(page.request, {
    className: `Board ${stamp}`,
    student: {
      username: studentName,
      password: studentPassword,
      firstName: 'Inés',
      lastName: 'Castro',
    },
  });

  // Two browsers: the teacher's and the student's.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const teacherBoard = await openBoard(page, classroom.id);
  await expect(teacherBoard.getByText('No messages yet. Start the conversation!')).toBeVisible();

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await logIn(student, studentName, studentPassword);
  const studentBoard = await openBoard(student, classroom.id);

  // The student asks (Enter sends); the teacher's board shows it without a reload.
  const question = `Is the quiz on Friday? (${stamp})`;
  const studentInput = studentBoard.getByRole('textbox', { name: 'Message' });
  await studentInput.fill(question);
  await expect(studentBoard.getByText(`${question.length}/500 characters`)).toBeVisible();
  await studentInput.press('Enter');
  await expect(studentInput).toHaveValue('');
  const mine = studentBoard.getByRole('article', { name: 'Your message' });
  await expect(mine).toContainText(question);
  await expect(mine).toContainText(/Sent at \d\d:\d\d (AM|PM) \d\d-\d\d-\d\d/);

  const received = teacherBoard.getByRole('article', { name: 'Message from Inés Castro' });
  await expect(received).toContainText(question);
  await expect(received).toContainText('Sent at');

  // The teacher answers with the button; the student's board shows it live.
  const answer = `Yes, bring a pencil. (${stamp})`;
  await teacherBoard.getByRole('textbox', { name: 'Message' }).fill(answer);
  await teacherBoard.getByRole('button', { name: 'Send' }).click();
  await expect(teacherBoard.getByRole('article', { name: 'Your message' })).toContainText(answer);
  const reply = studentBoard.getByRole('article', { name: /^Message from Maria/ });
  await expect(reply).toContainText(answer);
  // Each message once, in the order written, on both boards.
  for (const board of [teacherBoard, studentBoard]) {
    const articles = board.getByRole('article');
    await expect(articles).toHaveCount(2);
    await expect(articles.nth(0)).toContainText(question);
    await expect(articles.nth(1)).toContainText(answer);
  }

  // The teacher deletes the student's message from its menu; it vanishes from the student's
  // board without a reload.
  await received.getByRole('button', { name: 'Actions for the message from Inés Castro' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete message' }).click();
  await expect(teacherBoard.getByRole('status')).toContainText('The message was deleted.');
  for (const board of [teacherBoard, studentBoard]) {
    await expect(board.getByText(question)).toHaveCount(0);
    await expect(board.getByRole('article')).toHaveCount(1);
    await expect(board.getByRole('article')).toContainText(answer);
  }

  await checkWidths(student, 'class board (student)');
  await checkWidths(page, 'class board (teacher)');
  await studentContext.close();
});
