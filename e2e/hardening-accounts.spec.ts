import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { authMessages } from '@bullpen/contract/messages';
import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

const shotsDir = '/tmp/shots/A';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const width of [360, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function signUpByApi(page: Page, stamp: string) {
  const account = {
    username: `pupil_${stamp}`,
    email: `pupil.${stamp}@school.test`,
    password: 'quiet harbor lamps',
  };
  const response = await page.request.post('/api/users/', {
    multipart: {
      ...account,
      first_name: 'Noa',
      last_name: 'Berg',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(response.status()).toBe(201);
  return account;
}

test('the login error clears as soon as the form is edited', async ({ page }) => {
  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill('nobody.at.all');
  await page.getByLabel(/^password/i).fill('not the password');
  await page.getByRole('button', { name: /log in/i }).click();
  const error = page.getByText(authMessages.badCredentials);
  await expect(error).toBeVisible();
  await expectAccessible(page, 'login error');
  await shoot(page, 'login-error');
  const username = page.getByLabel(/username or email/i);
  await username.press('End');
  await username.press('Backspace');
  await expect(username).toHaveValue('nobody.at.al');
  await expect(error).toHaveCount(0);
});

test('logging out without a redirect goes to / (the home page), not the login page', async ({
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/public\/home$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

for (const [label, target] of [
  ['an external address', 'https://evil.example'],
  ['a protocol-relative address', '//evil.example'],
  ['a malformed escape', '%E0%A4%A'],
  ['a malformed local path', '/%E0%A4%A'],
  ['a path that browsers read as another site', '%2F%09%2Fevil.example'],
  ['a backslash path', '/%5Cevil.example'],
] as const) {
  test(`a login redirect to ${label} falls back to the signed-in home`, async ({ page }) => {
    await page.goto(`/public/login?redirect=${target}`);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.getByLabel(/username or email/i).fill(demo.student.username);
    await page.getByLabel(/^password/i).fill(demo.student.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/home$/);
    await expect(page.getByRole('button', { name: demo.student.username })).toBeVisible();
  });
}

test('an unverified pupil is told what waits for verification; the invitation link proves the address', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const pupil = await signUpByApi(page, stamp);

  // The teacher (verified) makes a private contest and invites the pupil's address.
  const teacherLogin = await page.request.post('/api-token-auth/', {
    data: { username: demo.teacher.username, password: demo.teacher.password },
  });
  const teacherAuth = { authorization: `JWT ${(await teacherLogin.json()).token}` };
  const now = Date.now();
  const created = await page.request.post('/api/contests/', {
    headers: teacherAuth,
    data: {
      name: `Invite only ${stamp}`,
      visibility: 'private',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    },
  });
  expect(created.status()).toBe(201);
  const contest = await created.json();
  const invited = await page.request.post(`/api/contests/${contest.id}/invite/`, {
    headers: teacherAuth,
    data: { emails: [pupil.email] },
  });
  expect(invited.status()).toBe(200);

  // Unverified, the pupil sees the note on the join page, and cannot join by address.
  const context = await browser.newContext();
  const pupilPage = await context.newPage();
  await logIn(pupilPage, pupil.username, pupil.password);
  await pupilPage.goto('/join');
  await expect(pupilPage.getByText(authMessages.unverifiedLimits)).toBeVisible();
  await expectAccessible(pupilPage, 'join page, unverified');

  // The pupil's own contest: the invite dialog says why sending waits.
  const own = await pupilPage.request.post('/api/contests/', {
    headers: {
      authorization: `JWT ${(await context.cookies()).find((c) => c.name === 'token')!.value}`,
    },
    data: {
      name: `Pupil cup ${stamp}`,
      visibility: 'private',
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      starting_cash: 1_000_000,
    },
  });
  expect(own.status()).toBe(201);
  await pupilPage.goto(`/contest/${(await own.json()).id}`);
  await pupilPage.getByRole('button', { name: 'Invite' }).click();
  const dialog = pupilPage.getByRole('dialog', { name: /^Invite to/ });
  await expect(dialog.getByText(authMessages.unverifiedLimits)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send invitations' })).toBeDisabled();
  await expectAccessible(pupilPage, 'invite dialog, unverified');
  await shoot(pupilPage, 'invite-dialog-unverified');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The emailed link proves the address: accepting it joins the contest.
  const mail = await latestMailTo(pupil.email, /invited to a stock-market contest/);
  expect(mail.subject).toBe('You are invited to a stock-market contest on Bullpen');
  const link = mail.text.match(/https?:\/\/[^\s/]+(\/join\?invitation=[\w-]+)/)![1]!;
  await pupilPage.goto(link);
  await expect(pupilPage.getByRole('heading', { name: 'Your invitation' })).toBeVisible();
  await expectAccessible(pupilPage, 'join page with an invitation');
  await shoot(pupilPage, 'join-invitation-unverified');
  await pupilPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(pupilPage).toHaveURL(new RegExp(`/contest/${contest.id}$`));
  await expect(pupilPage.getByText(`Welcome to Invite only ${stamp}!`)).toBeVisible();
  // The account shows as verified at once, without a reload (client-side navigation).
  await pupilPage.getByRole('contentinfo').getByRole('link', { name: 'Join Contest' }).click();
  await expect(pupilPage).toHaveURL(/\/join$/);
  await expect(pupilPage.getByRole('heading', { name: 'Join Contest', level: 1 })).toBeVisible();
  await expect(pupilPage.getByText(authMessages.unverifiedLimits)).toHaveCount(0);

  // Spent: the same link again says so.
  await pupilPage.goto(link);
  await pupilPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(
    pupilPage.getByText('This invitation link is invalid or has already been used.'),
  ).toBeVisible();
  await context.close();
});

test('guessing a classmate’s password slows that account only, with a message saying when', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const victim = await signUpByApi(page, `v${stamp}`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const guess = await page.request.post('/api-token-auth/', {
      data: { username: victim.username, password: `guess number ${attempt}` },
    });
    expect(guess.status()).toBe(400);
  }
  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill(victim.username);
  await page.getByLabel(/^password/i).fill(victim.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(
    page.getByText(/^Too many failed sign-ins to this account\. Please wait \d+ seconds/),
  ).toBeVisible();
  // Everyone else behind the same address logs in as usual.
  await logIn(page, demo.student.username, demo.student.password);
});

test('the notice to the old address cancels an email change and ends the sessions', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const pupil = await signUpByApi(page, `m${stamp}`);
  const session = await page.request.post('/api-token-auth/', {
    data: { username: pupil.username, password: pupil.password },
  });
  const { token, user } = await session.json();
  const auth = { authorization: `JWT ${token}` };
  const refused = await page.request.put(`/api/users/${user.id}/`, {
    headers: auth,
    data: { email: `taken.${stamp}@evil.test` },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    current_password: [authMessages.currentPasswordRequired],
  });
  const changed = await page.request.put(`/api/users/${user.id}/`, {
    headers: auth,
    data: { email: `taken.${stamp}@evil.test`, current_password: pupil.password },
  });
  expect((await changed.json()).detail).toBe(
    authMessages.emailChangeSent(`taken.${stamp}@evil.test`),
  );
  const notice = await latestMailTo(pupil.email, /is being changed/);
  await page.goto(linkIn(notice, '/public/email-verification'));
  await expect(page.getByRole('heading', { name: 'Email change cancelled' })).toBeVisible();
  await expect(page.getByText(authMessages.emailChangeUndone)).toBeVisible();
  await expectAccessible(page, 'email change cancelled');
  const after = await page.request.get(`/api/users/${user.id}/`, { headers: auth });
  expect(after.status()).toBe(401);
});

test('a second tab follows a logout in the first: its next navigation finds no token', async ({
  context,
  page,
}) => {
  await logIn(page, demo.student.username, demo.student.password);
  const other = await context.newPage();
  // The second tab reads the token once and keeps it (lib/token-cookie.ts).
  const signedIn = other.waitForRequest(
    (request) => request.url().includes('/api/') && request.url().includes('type=public'),
  );
  await other.goto('/my-contests?type=public');
  expect((await signedIn).headers().authorization).toMatch(/^JWT /);
  await expect(other.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: demo.student.username }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // The first tab's logout deleted the cookie, and the browser told the second tab: its next
  // navigation finds no token and goes to sign-up (RequireToken), where the kept token would
  // have let it fetch the private portfolios as the student.
  await other.getByRole('tab', { name: 'Private' }).click();
  await expect(other).toHaveURL(/\/public\/signup\?from=/);
});
