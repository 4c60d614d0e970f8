/** The spec's user-facing messages, word for word (spec sections 5 and 8). */
export const messages = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  fieldRequired: 'This field is required.',
  verifyHuman: 'Verify that you are human.',
  unknownError: 'An unknown error occurred. Please refresh your browser and try again.',
  chipDuplicate: 'already been added',
  chipInvalid: (value: string) => `${value} is not a valid email address.`,
  chipNone: 'Please type email addresses and click `Enter`',
  richTextTooShort: (max: number) => `You have to input at least ${max} characters`,
  richTextTooLong: (max: number) => `You have exceeded the ${max} Max. Character Limit`,
  noDescription: (name: string) => `No description found for ${name}`,
  /** Ours, not the spec's: the phone mask (NNN) NNN-NNNN and the array 'unique' rule. */
  phoneFormat: 'Enter a phone number as (NNN) NNN-NNNN.',
  unique: 'This value is already in the list.',
  /** Ours too: the bounds on a rich-text field's HTML, checked before it is read. */
  richTextTooMuchHtml: (max: number) =>
    `This text holds too much formatting: at most ${max} characters of HTML, tags included.`,
  richTextNestedTooDeeply: (max: number) =>
    `This text nests its formatting too deeply: at most ${max} levels.`,
} as const;

/** Messages of our own, kept here so the server and the web app say the same thing. */
export const authMessages = {
  badCredentials: 'Unable to log in with provided credentials.',
  tokenInvalid: 'Your session has expired or is no longer valid. Please log in again.',
  notAuthenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  usernameFormat: 'Use 3 to 30 letters, digits, dots, dashes or underscores.',
  linkInvalid: 'This link is invalid or has expired. Request a new one.',
  resetSent: 'If an account exists for that address, we have sent a link to reset the password.',
  verificationSent: 'We have sent a verification link to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  noEmailToVerify: 'Your account has no email address, so there is nothing to verify.',
  emailVerified: 'Your email address is verified.',
  passwordReset: 'Your password has been reset. You can log in now.',
  rateLimited: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} seconds and try again.`,
  accountThrottled: (seconds: number) =>
    `Too many failed sign-ins to this account. Please wait ${seconds} seconds and try again.`,
  verifyEmailFirst: 'Verify your email address first.',
  /** What an account may do before its address is verified (web notes and README). */
  unverifiedLimits:
    'Until your email address is verified, you can play public contests and join private ones with a join code or with the link in an invitation email, but you cannot send invitations.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  deletionScheduled: 'Your account will be deleted in 14 days. Sign in before then to keep it.',
  deletionCancelledByRequest: 'Your account will not be deleted.',
  deletionNotSelf:
    'Your teacher made this account, so only your teacher can delete it. Ask them to do it.',
  deletionOwnsClassrooms: 'Delete your classes first: their students would lose them.',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your email address changes when you open it.`,
  emailChanged: 'Your email address is changed and verified.',
  emailChangeUndone:
    'Your email address is restored and every session is logged out. If someone else knows your password, choose a new one now.',
  emailBelongsToOther: 'This email address now belongs to another account.',
  invitationsPerSender: (limit: number, minutes: number) =>
    `You can send at most ${limit} invitations an hour. Please try again in ${minutes} minutes.`,
  invitationsPerTarget: (limit: number, minutes: number) =>
    `At most ${limit} invitations an hour can be sent for this. Please try again in ${minutes} minutes.`,
  avatarType: 'Upload a PNG, JPEG, GIF or WebP image.',
  avatarSize: 'The image must be at most 2 MB.',
  loggedOut: 'You have been logged out.',
  sessionEnded: 'That session is signed out.',
  otherSessionsEnded: 'Every other session is signed out.',
  /** A session's device (apps/server/src/auth/device-summary.ts): names, then this sentence. */
  deviceOn: (browser: string, system: string) => `${browser} on ${system}`,
  unknownDevice: 'Unknown device',
  /** Docs: docs/decisions/028-trusted-teachers.md. */
  teacherNotTrusted:
    'Your teacher account is waiting for approval. Until Bullpen staff approve it, or you verify an email address at your school, you cannot award points or create rewards.',
  teacherNotFound: 'There is no teacher account with this id.',
  teacherStatusChoice: 'Choose pending or trusted.',
  dateOfBirthRequired: 'Enter your date of birth.',
  dateOfBirthInvalid: 'Enter your date of birth as a real date.',
  dateOfBirthFuture: 'Your date of birth cannot be in the future.',
  dateOfBirthTooEarly: 'Enter a date of birth from 1900 on.',
  parentEmailRequired: "You are under 13: enter a parent's email address.",
  parentEmailSameAsYours: "Enter your parent's email address, not your own.",
  consentPending:
    "This account is waiting for a parent's consent. Ask your parent to open the email Bullpen sent them.",
  consentDecisionInvalid: "Choose 'grant' or 'refuse'.",
  consentResendTooSoon: 'You can send the email to your parent again one hour after the last one.',
  consentNotPending: "This account is not waiting for a parent's consent.",
  consentGranted: 'Thank you. The account now works.',
  consentRefused: 'The account and everything in it have been deleted.',
  consentSent: 'We sent the email to your parent.',
  tooManyJoinCodes: (seconds: number) =>
    `Too many wrong join codes. Please wait ${seconds} seconds and try again.`,
} as const;
