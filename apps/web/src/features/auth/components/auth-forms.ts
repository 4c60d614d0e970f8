import { lazySchema } from '@/components/form/use-zod-form.ts';

/**
 * The auth forms' rules, from the contract, loaded as a form shows: the login and sign-up
 * pages are many visitors' first page, and their first load then carries no zod.
 */
const auth = () => import('@bullpen/contract/auth');

export const loginForm = lazySchema(() => auth().then((module) => module.loginSchema));

export const emailRequestForm = lazySchema(() =>
  auth().then((module) => module.emailRequestSchema),
);

export const newPasswordForm = lazySchema(() =>
  auth().then((module) => module.resetPasswordSchema.pick({ password: true })),
);

export const signupForm = lazySchema(() =>
  import('@bullpen/contract/users').then((module) =>
    module.signupSchema.pick({
      username: true,
      first_name: true,
      last_name: true,
      email: true,
      password: true,
    }),
  ),
);
