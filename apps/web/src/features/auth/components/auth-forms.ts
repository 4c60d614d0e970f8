import { authMessages } from '@bullpen/contract/messages';
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

/**
 * A student also gives a date of birth (under-13s play in class contests only) and, when it
 * says under 13, a parent's address: the account waits for that parent's consent.
 */
export const studentSignupForm = lazySchema(() =>
  import('@bullpen/contract/users').then((module) =>
    signupFieldsOf(module)
      .extend({
        date_of_birth: module.dateOfBirthField,
        parent_email: module.signupFields.shape.parent_email,
      })
      .superRefine((data, context) => {
        if (!isUnder13Date(data.date_of_birth)) return;
        if (data.parent_email === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['parent_email'],
            message: authMessages.parentEmailRequired,
          });
        } else if (data.parent_email.toLowerCase() === data.email.toLowerCase()) {
          context.addIssue({
            code: 'custom',
            path: ['parent_email'],
            message: authMessages.parentEmailSameAsYours,
          });
        }
      }),
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

/**
 * Whether a date input's value makes its holder under 13 today (UTC), as the contract's
 * isUnder13On counts; false for anything that is not a full date yet. Kept here so the form
 * can show the parent field without loading zod first.
 */
export function isUnder13Date(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1900) return false;
  const birthday = new Date(Date.UTC(year + 13, Number(match[2]) - 1, Number(match[3])));
  return birthday.toISOString().slice(0, 10) > new Date().toISOString().slice(0, 10);
}
