import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import {
  ZOGO_SECONDS_PER_CARD,
  type ZogoModule,
  type ZogoModuleDetail,
} from '@bullpen/contract/zogo';
import type { Lesson } from '@bullpen/contract/learn';
import { POINTS_PULSE_MS } from '@bullpen/contract/constants';
import { classWithStudent } from './support/api.ts';
import {
  checkWidths,
  demo,
  expect,
  expectAccessible,
  logIn,
  noSidewaysScroll,
  test,
} from './support/fixtures.ts';

/**
 * The learn-and-earn acceptance path: a student earns a module's points from a lesson's deep
 * link and spends them on a class reward the teacher approves. A student of their own (signed
 * up through the API, in a class of the demo teacher), so the points earned here change no
 * other test's balance (the demo student's is checked elsewhere).
 */
async function newStudent(request: APIRequestContext) {
  const student = {
    username: `earner${Date.now().toString(36)}`,
    password: 'earn-points-e2e',
    firstName: 'Erin',
    lastName: 'Earner',
  };
  const { studentAuth, classroom, teacherAuth } = await classWithStudent(request, {
    className: 'Learn and earn e2e',
    student,
  });
  const me = await request.post('/api-token-verify/', {
    data: { token: studentAuth.Authorization.replace(/^JWT /, '') },
  });
  expect(me.status()).toBe(200);
  const { user } = (await me.json()) as { user: { id: number } };
  return { student, headers: studentAuth, userId: user.id, classroom, teacherAuth };
}

/**
 * The right choice of each question, from the module's own file: the API never tells it, and
 * asking the check endpoint would spend the student's limited checks.
 */
async function rightChoices(module: ZogoModuleDetail): Promise<Map<string, number>> {
  const root = path.resolve(import.meta.dirname, '../content/modules');
  for (const folder of await fs.readdir(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const names = await fs.readdir(path.join(root, folder.name));
    const name = names.find((file) => file.endsWith(`-${module.slug}.yaml`));
    if (!name) continue;
    const file = parseYaml(await fs.readFile(path.join(root, folder.name, name), 'utf8')) as {
      cards: { type: string; id?: string; answer?: number }[];
    };
    return new Map(
      file.cards.flatMap((card) =>
        card.type === 'question' ? [[card.id!, card.answer!] as const] : [],
      ),
    );
  }
  throw new Error(`no file for module ${module.slug}`);
}

test('a student plays a module from a lesson, earns its points, goes back to the lesson, and spends them on a reward the teacher approves', async ({
  page,
  request,
  browser,
}) => {
  // A whole journey with two browsers: given three times the usual time on a slow machine.
  test.slow();
  const { student, headers, userId, classroom, teacherAuth } = await newStudent(request);
  const modules = (await (
    await request.get('/api/zogo/modules/', { headers })
  ).json()) as ZogoModule[];
  expect(modules.length).toBeGreaterThanOrEqual(60);
  const linked = modules.find((module) => module.lessons.length > 0 && !module.completed)!;
  expect(linked, 'a module linked to a lesson').toBeTruthy();
  const lessonId = linked.lessons[0]!;
  const lesson = (await (
    await request.get(`/api/learn/lessons/${lessonId}/`, { headers })
  ).json()) as Lesson;
  const detail = (await (
    await request.get(`/api/zogo/modules/${linked.id}/`, { headers })
  ).json()) as ZogoModuleDetail;
  const right = await rightChoices(detail);
  // The module was opened once before: its cards were served, so its pace runs from now (the
  // player's own calls keep these first times).
  for (const [card] of detail.cards.entries()) {
    const start = await request.post(`/api/zogo/modules/${detail.id}/cards/${card}/start/`, {
      headers,
    });
    expect(start.status()).toBe(200);
  }
  const playableAt = Date.now() + detail.cards.length * ZOGO_SECONDS_PER_CARD * 1000 + 500;
  const before = (
    (await (await request.get(`/api/points/points/${userId}/`, { headers })).json()) as {
      available_points: number;
    }
  ).available_points;

  await logIn(page, student.username, student.password);
  await page.goto(`/lessons?lesson=${lessonId}`);
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  const lessonModules = page.getByRole('region', { name: 'Learn & Earn modules for this lesson' });
  const moduleItem = lessonModules.getByRole('listitem').filter({ hasText: linked.name });
  await expect(moduleItem.getByText('Completed')).toHaveCount(0);
  await moduleItem.getByRole('link', { name: linked.name }).click();

  await expect(page).toHaveURL(
    new RegExp(`/learn-and-earn\\?widget_type=deep_link&module_id=${linked.id}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: linked.name })).toBeVisible();
  // Learn-and-earn has no footer.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The token is stored under the spec's `zogo` key.
  await expect
    .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'zogo'))
    .toBe(true);
  await checkWidths(page, 'module player');

  const total = detail.cards.length;
  let wrongTried = false;
  for (const [index, card] of detail.cards.entries()) {
    await expect(page.getByText(`Card ${index + 1} of ${total}`)).toBeVisible();
    if (card.type === 'question') {
      const group = page.getByRole('radiogroup', { name: card.question });
      const choice = right.get(card.id)!;
      if (!wrongTried) {
        // One wrong answer first: it is called wrong and the right one stays hidden.
        const wrong = choice === 0 ? 1 : 0;
        await group.getByRole('radio', { name: card.choices[wrong]!, exact: true }).check();
        await page.getByRole('button', { name: 'Check' }).click();
        await expect(page.getByText(/^Not quite/)).toBeVisible();
        await expect(page.getByRole('button', { name: /^(Next|Finish)$/ })).toBeDisabled();
        await expectAccessible(page, 'a wrong answer');
        wrongTried = true;
      }
      await group.getByRole('radio', { name: card.choices[choice]!, exact: true }).check();
      await page.getByRole('button', { name: 'Check' }).click();
      await expect(page.getByText('Correct!')).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { level: 2, name: card.title })).toBeVisible();
    }
    if (index < total - 1) {
      await page.getByRole('button', { name: 'Next' }).click();
      // Focus moves to the next card's heading.
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeFocused();
    }
  }
  expect(wrongTried).toBe(true);

  // A module pays only once its cards had their seconds.
  await page.waitForTimeout(Math.max(0, playableAt - Date.now()));
  // The points rise after this, so the badge's 6 s pulse starts after it too.
  const beforeFinish = Date.now();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Module complete!' })).toBeVisible();
  await expect(page.getByText(`+${linked.points} points`)).toBeVisible();
  const after = before + linked.points;
  await expect(
    page.getByText(`You have ${after.toLocaleString('en-US')} points now.`),
  ).toBeVisible();
  const badge = page.getByRole('link', { name: /^Points: / });
  await expect(badge).toHaveAccessibleName(`Points: ${after.toLocaleString('en-US')}`);
  await expect(badge).toHaveAttribute('data-pulsing', 'true');
  await expectAccessible(page, 'module finished');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/lessons\\?lesson=${lessonId}$`));
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  await expect(moduleItem.getByText('Completed')).toBeVisible();
  await expect(badge).toHaveAccessibleName(`Points: ${after.toLocaleString('en-US')}`);
  // Still pulsing on the next page while its 6 s last (a slow machine may have used them up
  // on the scan and the navigation), then it stops.
  if (Date.now() - beforeFinish < POINTS_PULSE_MS - 1_000) {
    await expect(badge).toHaveAttribute('data-pulsing', 'true', { timeout: 500 });
  }
  await expect(badge).not.toHaveAttribute('data-pulsing', 'true', {
    timeout: POINTS_PULSE_MS + 5_000,
  });

  // Sent again, the module pays nothing more.
  const again = await request.get(`/api/points/points/${userId}/`, { headers });
  expect(((await again.json()) as { available_points: number }).available_points).toBe(after);

  // The points buy a reward the teacher offers in the class: a request the teacher approves.
  const reward = `Pick the class playlist ${Date.now().toString(36)}`;
  const offered = await request.post(`/api/classrooms/classrooms/${classroom.id}/rewards/`, {
    headers: teacherAuth,
    data: { name: reward, description: 'For one work period.', cost: linked.points },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  await badge.click();
  await expect(page).toHaveURL(/\/redeem$/);
  await page.getByRole('button', { name: `Request ${reward} for ${linked.points} points` }).click();
  await page
    .getByRole('dialog', { name: `Request ${reward}?` })
    .getByRole('button', { name: 'Request' })
    .click();
  await expect(page.getByText(`You requested ${reward}. Your teacher will decide.`)).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Points: ${before.toLocaleString('en-US')}` }),
  ).toBeVisible();
  await expectAccessible(page, 'redeem after a request');

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await logIn(teacher, demo.teacher.username, demo.teacher.password);
  await teacher.goto(`/classroom/${classroom.id}?tab=rewards`);
  const studentName = `${student.firstName} ${student.lastName}`;
  await teacher
    .getByRole('region', { name: 'Waiting for you' })
    .getByRole('button', { name: `Approve ${studentName}'s request for ${reward}` })
    .click();
  await teacher
    .getByRole('dialog', { name: `Approve ${studentName}'s request?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(
    teacher.getByText(`You approved ${studentName}'s request for ${reward}.`),
  ).toBeVisible();
  await expectAccessible(teacher, 'the teacher approved a request');
  await teacherContext.close();

  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'My requests' })
      .getByTestId('my-request')
      .filter({ hasText: reward }),
  ).toContainText('Approved');
});

test('the catalogue shows every category with progress, filters by category, and fits a phone', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/home');
  await page.getByRole('banner').getByRole('link', { name: 'Learn & Earn' }).click();
  await expect(page).toHaveURL(/\/learn-and-earn\?widget_type=learn_and_earn$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Learn & Earn' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your progress' })).toContainText(
    /\d+ of \d+ modules done/,
  );
  const filter = page.getByRole('group', { name: 'Show a category' });
  await expect(filter.getByRole('button')).toHaveCount(10);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await checkWidths(page, 'learn-and-earn catalogue');

  await filter.getByRole('button', { name: 'Saving' }).click();
  await expect(page).toHaveURL(/category=saving/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Your progress', 'Saving']);
  const saving = page.getByRole('region', { name: 'Saving' });
  await expect(saving).toContainText(/\d+ of \d+ modules? done/);
  await saving.getByRole('link').first().click();
  await expect(page).toHaveURL(/widget_type=deep_link&module_id=\d+$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await noSidewaysScroll(page, 'module player at 360 px');
  // Back returns to the catalogue as it was left, with its filter.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/widget_type=learn_and_earn&category=saving$/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Your progress', 'Saving']);
});
