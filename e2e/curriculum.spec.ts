import type { Lesson } from '@bullpen/contract/learn';
import { checkWidths, demo, expect, logIn, test } from './support/fixtures.ts';

/**
 * The semester curriculum as a student meets it: a lesson of a new unit names the national
 * standards it teaches, asks a decision and works out every outcome, and links the glossary,
 * which finds a term and leads back to the lesson that teaches it.
 */
test('a student decides in a lesson, then looks a term up in the glossary', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/lessons');
  await page.getByRole('link', { name: 'Managing risk and insurance' }).click();
  await expect(page).toHaveURL(/\/lessons\?course=\d+$/);
  const lessonLoaded = page.waitForResponse((response) =>
    /\/api\/learn\/lessons\/\d+\/$/.test(new URL(response.url()).pathname),
  );
  await page
    .getByRole('list', { name: 'Lessons in this course' })
    .getByRole('link', { name: 'How insurance works' })
    .click();
  const lesson = (await (await lessonLoaded).json()) as Lesson;
  expect(lesson.standards.map((standard) => standard.code)).toEqual(['MR-2']);
  await expect(
    page.getByRole('heading', { name: 'National standards this lesson teaches' }),
  ).toBeVisible();
  await expect(page.getByText(lesson.standards[0]!.title)).toBeVisible();

  // The decision: nothing is worked out until the student chooses.
  const decision = lesson.decision!;
  const section = page.getByRole('region', { name: `Decide: ${decision.title}` });
  await expect(section).toBeVisible();
  const show = section.getByRole('button', { name: 'See what happens' });
  await expect(show).toBeDisabled();
  const [first, second] = decision.options as [
    (typeof decision.options)[number],
    (typeof decision.options)[number],
  ];
  await section.getByRole('radio', { name: second.label }).check();
  await show.click();
  const outcomes = section.getByRole('status');
  await expect(outcomes).toContainText(`Your choice: ${second.label}`);
  await expect(outcomes).toContainText(`The other choice: ${first.label}`);
  await expect(outcomes).toContainText(second.outcome);
  await expect(outcomes).toContainText(first.outcome);
  await expect(outcomes).toContainText(decision.takeaway);
  await checkWidths(page, 'lesson with a decision');

  // The glossary, from the lesson: find a term, and go back to the lesson that teaches it.
  await page.getByRole('link', { name: 'Glossary of terms' }).click();
  await expect(page).toHaveURL(/\/public\/glossary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a term' }).fill('deductible');
  const entry = page.locator('#deductible');
  await expect(entry).toContainText('deductible');
  await checkWidths(page, 'glossary');
  // The first lesson in catalogue order that teaches the term (earning income's benefits
  // lesson defines the deductible of a health plan before the insurance course does).
  const taughtIn = entry.getByRole('link', { name: /^Taught in “.+”\.$/ });
  const title = (await taughtIn.textContent())!.replace(/^Taught in “(.+)”\.$/, '$1');
  await taughtIn.click();
  await expect(page).toHaveURL(/\/public\/lessons\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
