import type { Page } from '@playwright/test';
import { classWithStudent } from './support/api.ts';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The redeem page end to end: the demo teacher (ms.rivera) defines a class reward and awards a
 * new student of the class points with a reason; the student reads the award in their
 * history, requests the reward (waiting), buys and uses a platform frame (the header shows
 * it); the teacher approves the request and the student sees it approved. Axe and 360 px on
 * /redeem and on the teacher's Rewards tab.
 */

const REWARD = 'Choose the warm-up question';

async function openRewardsTab(page: Page, classroomId: number) {
  await page.goto(`/classroom/${classroomId}?tab=rewards`);
  await expect(page.getByRole('tab', { name: 'Rewards', selected: true })).toBeVisible();
}

test('a teacher defines a reward and awards points; the student redeems, uses a frame and is approved', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const student = {
    username: `redeem.${suffix}`,
    password: 'redeem-student-pass-1',
    firstName: 'Rita',
    lastName: 'Redeemer',
  };
  const { classroom, teacherAuth } = await classWithStudent(page.request, {
    className: `Rewards ${suffix}`,
    student,
  });
  const studentName = `${student.firstName} ${student.lastName}`;

  // The teacher defines a reward for the class.
  await logIn(page, demo.teacher.username, demo.teacher.password);
  await openRewardsTab(page, classroom.id);
  await expect(page.getByText(/No rewards yet/)).toBeVisible();
  await page.getByRole('button', { name: 'New reward' }).click();
  const form = page.getByRole('dialog', { name: 'New class reward' });
  await form.getByLabel('Name').fill(REWARD);
  await form.getByLabel('Description (optional)').fill('You pick the first question of the day.');
  await form.getByLabel('Cost in points').fill('60');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${REWARD} was added.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${REWARD}` })).toBeVisible();
  await checkWidths(page, "the teacher's Rewards tab");

  // ...and awards the student points from the Students tab.
  await page.getByRole('tab', { name: 'Students' }).click();
  // The Rewards tab has its own "Award points to …" buttons and stays on screen while the
  // Students tab loads: a click then would open a dialog that the tab switch takes away.
  await expect(page.getByRole('tab', { name: 'Students', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Students/, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: `Award points to ${studentName}` }).click();
  const award = page.getByRole('dialog', { name: `Award points to ${studentName}` });
  await award.getByLabel('Points').fill('100');
  await award.getByLabel('Reason').fill('Great budget presentation');
  await award.getByRole('button', { name: 'Award' }).click();
  await expect(page.getByText(new RegExp(`^${studentName} got 100 points\\.`))).toBeVisible();
  // A second award (through the API) so the student can buy a frame too.
  const second = await page.request.post(
    `/api/classrooms/classrooms/${classroom.id}/points-awards/`,
    {
      headers: teacherAuth,
      data: {
        student: await studentId(page, classroom.id, teacherAuth),
        points: 100,
        reason: 'Helped a classmate',
      },
    },
  );
  expect(second.status(), await second.text()).toBe(201);

  // The student sees the awards in their history, with the reason.
  const studentContext = await browser.newContext();
  const learner = await studentContext.newPage();
  await logIn(learner, student.username, student.password);
  await learner.goto('/redeem');
  await expect(
    learner.getByRole('heading', { level: 1, name: 'Redeem your points' }),
  ).toBeVisible();
  await expect(learner.getByTestId('redeem-balance')).toHaveText('200 points');
  const history = learner.getByRole('region', { name: 'Points history' });
  const awardLine = history
    .getByTestId('points-entry')
    .filter({ hasText: 'Great budget presentation' });
  await expect(awardLine).toContainText("Teacher's award");
  await expect(awardLine).toContainText('+100');

  // A short balance says why: the gold frame costs 300.
  await expect(
    learner.getByRole('button', { name: 'Redeem Gold frame for 300 points' }),
  ).toBeDisabled();
  await expect(learner.getByTestId('reward-frame-gold')).toContainText(
    'You need 100 more points for this.',
  );

  // Requests the class reward: waiting for the teacher.
  await learner.getByRole('button', { name: `Request ${REWARD} for 60 points` }).click();
  const confirm = learner.getByRole('dialog', { name: `Request ${REWARD}?` });
  await confirm.getByRole('button', { name: 'Request' }).click();
  await expect(
    learner.getByText(`You requested ${REWARD}. Your teacher will decide.`),
  ).toBeVisible();
  const requests = learner.getByRole('region', { name: 'My requests' });
  await expect(requests.getByTestId('my-request').filter({ hasText: REWARD })).toContainText(
    'Waiting for the teacher',
  );
  await expect(learner.getByTestId('redeem-balance')).toHaveText('140 points');

  // Buys the sky frame and uses it: the header shows it.
  await learner.getByRole('button', { name: 'Redeem Sky frame for 100 points' }).click();
  await learner
    .getByRole('dialog', { name: 'Redeem Sky frame?' })
    .getByRole('button', { name: 'Redeem' })
    .click();
  await expect(learner.getByTestId('redeem-balance')).toHaveText('40 points');
  const sky = learner.getByTestId('reward-frame-sky');
  await expect(sky.getByText('Owned')).toBeVisible();
  await sky.getByRole('button', { name: 'Use Sky frame' }).click();
  await expect(sky.getByText('In use')).toBeVisible();
  await expect(learner.getByRole('banner').locator('[data-frame="frame-sky"]')).toBeVisible();
  await checkWidths(learner, '/redeem');
  await expect(learner.getByRole('banner').locator('[data-frame="frame-sky"]')).toBeVisible();

  // The teacher approves the request...
  await openRewardsTab(page, classroom.id);
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  await waiting
    .getByRole('button', { name: `Approve ${studentName}'s request for ${REWARD}` })
    .click();
  await page
    .getByRole('dialog', { name: `Approve ${studentName}'s request?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(
    page.getByText(`You approved ${studentName}'s request for ${REWARD}.`),
  ).toBeVisible();
  await expect(waiting.getByText('No requests are waiting.')).toBeVisible();

  // ...and the student sees it approved.
  await learner.reload();
  await expect(
    learner
      .getByRole('region', { name: 'My requests' })
      .getByTestId('my-request')
      .filter({ hasText: REWARD }),
  ).toContainText('Approved');
  await studentContext.close();
});

async function studentId(page: Page, classroomId: number, headers: Record<string, string>) {
  const response = await page.request.get(
    `/api/classrooms/classrooms/${classroomId}/students/?page_size=10`,
    { headers },
  );
  const body = (await response.json()) as { results: { id: number }[] };
  return body.results[0]!.id;
}
