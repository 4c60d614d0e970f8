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

const signupFieldsOf = (module: typeof import('@bullpen/contract/users')) =>
  module.signupFields.pick({
    username: true,
    first_name: true,
    last_name: true,
    email: true,
    password: true,
  });

/** A teacher is not asked a date of birth. */
export const teacherSignupForm = lazySchema(() =>
  import('@bullpen/contract/users').then(signupFieldsOf),
);

/** A student also gives a date of birth: under-13s play in class contests only. */
export const studentSignupForm = lazySchema(() =>
  import('@bullpen/contract/users').then((module) =>
    signupFieldsOf(module).extend({ date_of_birth: module.dateOfBirthField }),
  ),
);

/** The settings page's name form: the name printed on new certificates. */
export const nameForm = lazySchema(() =>
  import('@bullpen/contract/users').then((module) =>
    module.signupFields.pick({ first_name: true, last_name: true }),
  ),
);

/** A new address, confirmed with the current password (the server checks it). */
export const emailChangeForm = lazySchema(() =>
  Promise.all([auth(), import('@bullpen/contract/users')]).then(([authModule, users]) =>
    users.signupFields
      .pick({ email: true })
      .extend({ current_password: authModule.loginSchema.shape.password }),
  ),
);

export const passwordChangeForm = lazySchema(() =>
  Promise.all([auth(), import('@bullpen/contract/users')]).then(([authModule, users]) =>
    users.signupFields
      .pick({ password: true })
      .extend({ current_password: authModule.loginSchema.shape.password }),
  ),
);
