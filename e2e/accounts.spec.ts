import { demo, expect, expectAccessible, logIn, test } from './support/fixtures.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

test('sign up, verify the email from the mail, log out, log in, log out', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `kid.${stamp}@school.test`;
  const username = `kid_${stamp}`;
  const password = 'seven blue marbles';

  await page.goto('/public/signup');
  await expectAccessible(page, 'sign-up form');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('First name').fill('Kai');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Date of birth').fill('2011-06-15');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: username })).toBeVisible();
  await expect(
    page.getByText(/We have sent a verification link to your email address/),
  ).toBeVisible();

  const mail = await latestMailTo(email, /Confirm your email/);
  await page.goto(linkIn(mail, '/public/email-verification'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expectAccessible(page, 'email verified');
  // The link works once.
  await page.goto(linkIn(mail, '/public/email-verification'));
  await expect(
    page.getByText('This link is invalid or has expired. Request a new one.'),
  ).toBeVisible();

  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // Spec section 4: without a redirect, logout goes to / (which shows the home page).
  await expect(page).toHaveURL(/\/public\/home/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(
    (await page.context().cookies()).find((cookie) => cookie.name === 'token'),
  ).toBeUndefined();

  await logIn(page, email, password);
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a duplicate username is shown on its field', async ({ page }) => {
  await page.goto('/public/signup-teacher');
  await expect(page.getByRole('heading', { name: 'Sign up - Teacher' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(demo.student.username);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Diaz');
  await page.getByLabel('Email').fill(`ana.${Date.now()}@school.test`);
  await page.getByLabel('Password', { exact: true }).fill('chalkboard river');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('A user with that username already exists.')).toBeVisible();
  await expectAccessible(page, 'sign-up error');
});

test('password reset end to end, and the old password stops working', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `reset.${stamp}@school.test`;
  const signup = await page.request.post('/api/users/', {
    multipart: {
      username: `reset_${stamp}`,
      email,
      password: 'old secret words',
      first_name: 'Rae',
      last_name: 'Ng',
      is_teacher: 'false',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/public/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/public\/reset-password$/);
  await expectAccessible(page, 'reset request');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/If an account exists for that address/)).toBeVisible();

  const mail = await latestMailTo(email, /Reset your Bullpen password/);
  await page.goto(linkIn(mail, '/public/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'new password');
  await page.getByLabel('New password').fill('password1');
  await page.getByRole('button', { name: /save|reset|set/i }).click();
  await expect(
    page.getByText('This password is too common. Choose one that is harder to guess.'),
  ).toBeVisible();
  await page.getByLabel('New password').fill('new secret words');
  await page.getByRole('button', { name: /save|reset|set/i }).click();
  await expect(page.getByText('Your password has been reset. You can log in now.')).toBeVisible();

  await page.goto('/public/login');
  await page.getByLabel(/username or email/i).fill(email);
  await page.getByLabel(/^password/i).fill('old secret words');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await expectAccessible(page, 'login error');
  await logIn(page, email, 'new secret words');
});

test('login honours redirect, and a visitor sent to sign-up comes back after logging in', async ({
  page,
}) => {
  await page.goto('/public/login?redirect=%2Fbudgeting');
  await page.getByLabel(/username or email/i).fill(demo.student.username);
  await page.getByLabel(/^password/i).fill(demo.student.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/budgeting$/);
});

test('a revoked token is refused: logging out in one tab ends the session in the other', async ({
  page,
  context,
}) => {
  await logIn(page, demo.teacher.username, demo.teacher.password);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')!.value;
  await page.getByRole('button', { name: demo.teacher.username }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const verify = await page.request.post('/api-token-verify/', { data: { token } });
  expect(verify.status()).toBe(401);
  // A stale cookie is verified on load, fails, and the visitor is logged out.
  await context.addCookies([{ name: 'token', value: token, url: page.url() }]);
  await page.goto('/budgeting');
  await expect(page).toHaveURL(/\/public\/(login|signup)/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a failed login ends the session that was there (spec section 4)', async ({ page }) => {
  await logIn(page, demo.student.username, demo.student.password);
  await page.goto('/public/login');
  await expect(page.getByText(`You are logged in as ${demo.student.username}.`)).toBeVisible();
  await page.getByLabel(/username or email/i).fill(demo.student.username);
  await page.getByLabel(/^password/i).fill('not the password');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  expect(
    (await page.context().cookies()).find((cookie) => cookie.name === 'token'),
  ).toBeUndefined();
  await expectAccessible(page, 'login after a failed attempt');
});
