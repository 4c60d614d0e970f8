import type { api } from './routes.ts';

/**
 * What the OpenAPI document says about each operation of the `api` registry (routes.ts), kept
 * beside it and keyed by the same names: the server's document (apps/server/src/platform/openapi.ts)
 * takes each operation's summary and operationId from here and derives its error answers.
 *
 * A new entry of `api` does not type-check until it has an entry here, and
 * apps/server/src/platform/openapi.test.ts fails, naming the route, while a method the server
 * serves has no summary. Only the server imports this file, so the web bundle does not carry it.
 */

export const apiMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ApiMethod = (typeof apiMethods)[number];

/**
 * Error statuses a route's service answers beyond the ones every route of its kind gets (400 for
 * input, 401 for a token, 403 for a signed-in route, 404 for a path with ids, 429 for a route
 * under the request limit): a conflict, an expired link, a throttle inside the service, a token
 * refused by a route that reads none from the Authorization header.
 */
export type DeclaredErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429;

export interface OperationDoc {
  /** One line, what the operation does, as Swagger UI lists it. */
  readonly summary: string;
  /** Open without signing in (a signed-in caller may still send its token). */
  readonly anonymous?: true;
  readonly errors?: readonly DeclaredErrorStatus[];
}

export type PathDoc = { readonly [Method in ApiMethod]?: OperationDoc };

/** Every entry of `api`, documented. An entry the document hides (`/ws`, `/api/docs`) maps to `{}`. */
export type ApiDocs = { readonly [Name in keyof typeof api]: PathDoc };

/**
 * A stable operationId: the method, then the registry name (`getContests`, `postContests`).
 * With the method always in it, serving one more method on a path changes no existing id.
 */
export function operationIdOf(name: string, method: ApiMethod): string {
  return `${method}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

export const apiDocs = {
  // auth
  login: {
    post: {
      summary: 'Sign in with a username or email and a password',
      anonymous: true,
      errors: [429],
    },
  },
  verifyToken: {
    post: { summary: 'Check that a session token is still valid', anonymous: true, errors: [401] },
  },
  logout: { post: { summary: 'End the current session' } },
  sessions: { get: { summary: "List the signed-in user's sessions (devices)" } },
  session: { delete: { summary: 'End one of the signed-in user’s sessions' } },
  endOtherSessions: { post: { summary: 'End every session but the current one' } },
  sendResetPasswordEmail: {
    post: { summary: 'Mail a password reset link', anonymous: true },
  },
  resetPassword: {
    post: { summary: 'Set a new password with a reset link’s token', anonymous: true },
  },
  verifyEmail: {
    post: { summary: 'Confirm an email address with its link’s token', anonymous: true },
  },
  sendVerificationEmail: {
    post: { summary: 'Mail the email verification link again', anonymous: true },
  },
  oidcProviders: {
    get: { summary: 'List the school sign-in providers (OpenID Connect)', anonymous: true },
  },
  oidcStart: {
    get: {
      summary: 'Start a school sign-in: a redirect to the provider (browser navigation)',
      anonymous: true,
    },
  },
  oidcCallback: {
    get: {
      summary: 'Finish a school sign-in: the provider’s redirect back (browser navigation)',
      anonymous: true,
    },
  },
  // users and points
  users: {
    post: {
      summary: 'Sign up (a form, with an optional avatar)',
      anonymous: true,
      errors: [413],
    },
  },
  user: {
    get: { summary: 'Read a user’s profile' },
    put: { summary: 'Update the profile (a form, with an optional avatar)', errors: [413, 429] },
    patch: { summary: 'Update some profile fields (the same as PUT)', errors: [413, 429] },
  },
  userDeletion: {
    post: { summary: 'Schedule the account’s deletion (with the password)', errors: [429] },
    delete: { summary: 'Cancel the account’s scheduled deletion' },
  },
  consent: {
    get: { summary: 'Read what a parent’s consent link asks', anonymous: true },
    post: { summary: 'Grant or refuse a parent’s consent', anonymous: true },
  },
  myConsent: { get: { summary: 'Read the state of the account’s parental consent' } },
  resendConsent: { post: { summary: 'Mail the parent’s consent request again', errors: [429] } },
  points: { get: { summary: 'Read a user’s points balance' } },
  pointsHistory: { get: { summary: 'List the ledger lines behind a points balance' } },
  // learn and earn
  zogoToken: { get: { summary: 'Get the learn-and-earn token of the signed-in user' } },
  zogoModules: { get: { summary: 'List the learn-and-earn modules' } },
  zogoModule: { get: { summary: 'Read one learn-and-earn module with its cards' } },
  zogoCheckAnswer: {
    post: { summary: 'Check an answer to a module’s question', errors: [429] },
  },
  zogoCardStart: { post: { summary: 'Note that a module’s card was opened' } },
  zogoToday: { get: { summary: 'Read the points earned today and the daily cap' } },
  zogoCategories: { get: { summary: 'List the learn-and-earn categories' } },
  zogoSkills: { get: { summary: 'List the learn-and-earn skills' } },
  zogoCompletedBySkills: { post: { summary: 'List the completed modules of some skills' } },
  zogoPoints: { put: { summary: 'Complete a module and collect its points', errors: [409] } },
  // rewards
  rewards: { get: { summary: 'List the rewards the user can redeem' } },
  redeemReward: { post: { summary: 'Redeem a reward with points', errors: [409] } },
  redemptions: {
    get: { summary: 'List reward redemptions (the user’s, or a teacher’s to decide)' },
  },
  approveRedemption: { post: { summary: 'Approve a redemption request (teacher)', errors: [409] } },
  declineRedemption: { post: { summary: 'Decline a redemption request (teacher)', errors: [409] } },
  cancelRedemption: { post: { summary: 'Cancel one’s own pending redemption', errors: [409] } },
  equippedRewards: {
    get: { summary: 'Read the frame and badge the user shows' },
    put: { summary: 'Choose the frame and badge the user shows', errors: [409] },
  },
  equippedOf: { get: { summary: 'Read the frames and badges of a list of users' } },
  // notifications
  notifications: {
    get: { summary: 'List the signed-in user’s notifications and the unread count' },
  },
  readNotification: { post: { summary: 'Mark one of one’s notifications as read' } },
  readAllNotifications: { post: { summary: 'Mark all of one’s notifications as read' } },
  unreadNotifications: { get: { summary: 'Count one’s unread notifications (the bell)' } },
  notificationPreferences: {
    get: { summary: 'Read which kinds of notification also go by mail' },
    put: { summary: 'Choose which kinds of notification also go by mail' },
  },
  // content and platform
  appstore: { get: { summary: 'Read the “invest for real” panel', anonymous: true } },
  health: { get: { summary: 'Check that the server and its database answer', anonymous: true } },
  ready: {
    get: {
      summary: 'Check that this process should get traffic (database, migrations, jobs)',
      anonymous: true,
    },
  },
  docs: {},
  websocket: {},
  // learn
  courses: { get: { summary: 'List the courses (with progress when signed in)', anonymous: true } },
  coursesPreview: { get: { summary: 'List the courses for the public preview', anonymous: true } },
  course: { get: { summary: 'Read one course with its lessons', anonymous: true } },
  lessons: { get: { summary: 'List the lessons of a course', anonymous: true } },
  lesson: { get: { summary: 'Read one lesson with its quiz' } },
  lessonAttempts: {
    post: { summary: 'Submit answers to a lesson’s quiz', errors: [422] },
    get: { summary: 'List the user’s attempts at a lesson’s quiz' },
  },
  lessonCompletedModules: { get: { summary: 'List the completed modules linked to a lesson' } },
  glossary: { get: { summary: 'List the terms the lessons teach, A to Z', anonymous: true } },
  // the content service
  flyers: { get: { summary: 'List the public flyers', anonymous: true } },
  flyer: { get: { summary: 'Read one public flyer', anonymous: true } },
  publicLessons: { get: { summary: 'List the public lesson articles', anonymous: true } },
  publicLesson: { get: { summary: 'Read one public lesson article', anonymous: true } },
  // market
  securities: { get: { summary: 'List and search the securities', anonymous: true } },
  security: { get: { summary: 'Read one security with its figures', anonymous: true } },
  securityNews: { get: { summary: 'List the news about one security', anonymous: true } },
  securityLogo: { get: { summary: 'Get a security’s logo (SVG)', anonymous: true } },
  sectors: { get: { summary: 'List the market sectors', anonymous: true } },
  sector: { get: { summary: 'Read one sector (path without a trailing slash)', anonymous: true } },
  sectorWithSlash: { get: { summary: 'Read one sector', anonymous: true } },
  sectorPerformance: { get: { summary: 'Read each sector’s performance', anonymous: true } },
  stockPrice: { get: { summary: 'Read a security’s price history', anonymous: true } },
  technicalIndicator: {
    get: { summary: 'Compute a technical indicator over a price history', anonymous: true },
  },
  news: { get: { summary: 'List the market news', anonymous: true } },
  newsItem: { get: { summary: 'Read one news item', anonymous: true } },
  newsArticle: { get: { summary: 'Read a news item as an article page (HTML)', anonymous: true } },
  marketStatus: {
    get: { summary: 'Read whether the market is open, and its clock', anonymous: true },
  },
  marketSplits: {
    get: { summary: 'List the scheduled stock splits (staff)' },
    post: { summary: 'Schedule a stock split (staff)', errors: [409] },
  },
  // contests
  contests: {
    post: { summary: 'Create a contest' },
    get: { summary: 'List the contests the user can see' },
  },
  challenge: { get: { summary: 'Read the standing challenge contest' } },
  contest: {
    get: { summary: 'Read one contest' },
    delete: { summary: 'Delete a contest (its owner)', errors: [409] },
  },
  freezeContest: {
    patch: { summary: 'Pause or resume trading in a contest (its owner)', errors: [409] },
  },
  contestCoach: {
    patch: { summary: 'Turn the trade coach on or off (the owner or the class’s teacher)' },
  },
  contestRules: {
    put: { summary: 'Change a contest’s trading rules (its owner or the class’s teacher)' },
  },
  contestAdjustments: {
    get: { summary: 'Read the cash adjustments and resets of a contest (managers) or your own' },
    post: {
      summary: 'Add or remove cash in a student’s portfolio (the owner or the class’s teacher)',
    },
  },
  contestResets: {
    post: {
      summary: 'Reset one student’s portfolio or every member’s (the owner or the class’s teacher)',
    },
  },
  contestRiskBoard: {
    get: { summary: 'Read a contest’s risk-adjusted board' },
    patch: {
      summary: 'Set a contest’s risk-adjusted board (the owner or the class’s teacher)',
      errors: [409],
    },
  },
  inviteToContest: { post: { summary: 'Invite people to a contest by email', errors: [429] } },
  contestUsers: {
    post: { summary: 'Join a contest', errors: [409, 429] },
    get: { summary: 'List the user’s contest memberships' },
  },
  leaderboard: { get: { summary: 'Read a contest’s leaderboard' } },
  contestUser: {
    get: { summary: 'Read one contest member’s portfolio summary' },
    delete: { summary: 'Leave a contest', errors: [409] },
  },
  contestUserDescription: { patch: { summary: 'Change a member’s portfolio description' } },
  contestUserReview: {
    get: { summary: 'A member’s review of an ended contest', errors: [403, 404, 409] },
  },
  // trading
  orders: {
    post: { summary: 'Place an order', errors: [409, 422] },
    get: { summary: 'List a member’s orders' },
  },
  pendingOrders: { get: { summary: 'List a member’s pending orders' } },
  pendingOrder: { delete: { summary: 'Cancel a pending order', errors: [409] } },
  holdings: { get: { summary: 'List a member’s holdings' } },
  values: { get: { summary: 'List a member’s portfolio values over time' } },
  portfolioStats: { post: { summary: 'Compute a member’s portfolio statistics' } },
  tradeCoach: { get: { summary: 'The facts the trade coach needs (the portfolio’s owner)' } },
  // budget
  masterBudgets: {
    get: { summary: 'List the user’s budgets' },
    post: { summary: 'Create a budget' },
  },
  masterBudget: {
    get: { summary: 'Read one budget' },
    put: { summary: 'Replace a budget' },
    delete: { summary: 'Delete a budget' },
  },
  // classrooms
  classrooms: {
    post: { summary: 'Create a classroom (teacher)' },
    get: { summary: 'List the user’s classrooms' },
  },
  joinClassroom: { post: { summary: 'Join a classroom with its code', errors: [409, 429] } },
  classroom: {
    get: { summary: 'Read one classroom' },
    delete: { summary: 'Delete a classroom (its teacher)' },
  },
  freezeClassroom: { patch: { summary: 'Freeze or unfreeze a classroom (its teacher)' } },
  inviteToClassroom: {
    post: { summary: 'Invite students to a classroom by email', errors: [409, 429] },
  },
  classroomStudents: { get: { summary: 'List a classroom’s students' } },
  classroomUser: { delete: { summary: 'Remove a student from a classroom, or leave it' } },
  classroomStudentAccounts: {
    post: { summary: 'Create student accounts by name (teacher)' },
  },
  classroomStudentPassword: {
    post: { summary: 'Reset the password of a student made by name (teacher)' },
  },
  classroomStudentAccount: {
    delete: { summary: 'Erase a student account made by name (teacher)' },
  },
  classroomCourses: { get: { summary: 'List a classroom’s courses with progress' } },
  classroomLessons: { post: { summary: 'Assign lessons to a classroom (teacher)' } },
  classroomLesson: { patch: { summary: 'Change an assigned lesson’s due date (teacher)' } },
  remindClassroomLesson: {
    post: { summary: 'Remind the students of an assigned lesson (teacher)', errors: [429] },
  },
  classroomStatistics: { post: { summary: 'Compute a classroom’s lesson statistics (teacher)' } },
  classroomOverdueLessons: { post: { summary: 'List a classroom’s overdue lessons' } },
  classroomGradebook: { get: { summary: 'Read a classroom’s gradebook (teacher)' } },
  classroomGradebookExport: {
    get: { summary: 'Download a classroom’s gradebook as CSV or XLSX (teacher)' },
  },
  classroomGradebookReport: {
    get: { summary: 'Download a student’s report for a parent conference as PDF (teacher)' },
  },
  classroomGradebookAwards: {
    post: { summary: 'Award points to several students at once (trusted teacher)', errors: [409] },
  },
  classroomGradebookReminders: {
    post: { summary: 'Remind several students of an assigned lesson (teacher)', errors: [429] },
  },
  classroomPosts: {
    get: { summary: 'List a classroom board’s posts' },
    post: { summary: 'Post on a classroom board', errors: [429] },
  },
  classroomPost: { delete: { summary: 'Remove a post from a classroom board' } },
  reportClassroomPost: { post: { summary: 'Report a post to the teacher' } },
  classroomPostReports: { delete: { summary: 'Dismiss the reports on a post (teacher)' } },
  classroomReports: { get: { summary: 'List the reported posts of a classroom (teacher)' } },
  classroomMutes: {
    get: { summary: 'List the students muted on a board (teacher)' },
    post: { summary: 'Mute a student on a board (teacher)' },
  },
  classroomMute: { delete: { summary: 'Unmute a student on a board (teacher)' } },
  classroomContests: {
    get: { summary: 'List a classroom’s contests' },
    post: { summary: 'Start a contest for a classroom (teacher)' },
  },
  classroomTrading: { patch: { summary: 'Switch trading on or off for a classroom (teacher)' } },
  classroomRewards: {
    get: { summary: 'List a classroom’s rewards' },
    post: { summary: 'Define a reward for a classroom (trusted teacher)', errors: [409] },
  },
  classroomReward: {
    patch: { summary: 'Change a classroom reward (trusted teacher)' },
    delete: { summary: 'Remove a classroom reward (trusted teacher)' },
  },
  classroomRewardRequests: { get: { summary: 'List a classroom’s reward requests (teacher)' } },
  classroomPointsAwards: {
    get: { summary: 'List the points awarded in a classroom' },
    post: { summary: 'Award points to a student (trusted teacher)', errors: [409] },
  },
  grantCertificates: { post: { summary: 'Grant course certificates to students (teacher)' } },
  getCertificates: { post: { summary: 'List the certificates granted in a classroom' } },
  certificateCandidates: {
    get: { summary: 'List each student’s progress in a course, before granting (teacher)' },
  },
  certificateRecipients: { get: { summary: 'List a classroom’s certificate recipients' } },
  certificate: {
    get: { summary: 'Check a certificate’s verification code', anonymous: true },
  },
  certificatePdf: { get: { summary: 'Download a certificate as PDF (its holder or teacher)' } },
  // resumes
  classroomResumes: {
    get: { summary: 'List a classroom’s resumes' },
    post: { summary: 'Write or replace one’s resume in a classroom' },
  },
  classroomResume: { get: { summary: 'Read one resume' } },
  resumeComments: {
    get: { summary: 'List the comments on a resume' },
    post: { summary: 'Comment on a resume (teacher)' },
  },
  // support
  supportTickets: {
    post: { summary: 'Send a support request', anonymous: true, errors: [429] },
  },
  schoolEventTickets: {
    post: { summary: 'Ask for a school event', anonymous: true, errors: [429] },
  },
  contactSalesTickets: {
    post: { summary: 'Contact sales about a school plan', anonymous: true, errors: [429] },
  },
  humanChallenge: {
    get: { summary: 'Get a proof-of-work challenge for a contact form', anonymous: true },
  },
  supportInbox: { get: { summary: 'List the support requests (staff)' } },
  supportTicket: { patch: { summary: 'Mark a support request answered (staff)' } },
  // privacy
  dataExports: { post: { summary: 'Ask for a download of the user’s data' } },
  dataExport: { get: { summary: 'Read the state of a data download' } },
  dataExportDownload: { get: { summary: 'Download a prepared data export', errors: [410] } },
  classroomStudentExport: {
    post: { summary: 'Prepare a student’s data download (teacher)' },
  },
  // staff
  staffTeachers: { get: { summary: 'List the teachers, trusted or waiting (staff)' } },
  staffTeacherTrust: {
    post: { summary: 'Trust a teacher (staff)' },
    delete: { summary: 'Withdraw a teacher’s trust (staff)' },
  },
  staffOutbox: { get: { summary: 'List the mail held without SMTP (staff)' } },
  staffUsers: { get: { summary: 'List and search every account (staff)' } },
  staffUserDeactivate: { post: { summary: 'Deactivate an account and end its sessions (staff)' } },
  staffUserReactivate: { post: { summary: 'Reactivate a deactivated account (staff)' } },
  staffAuditLog: { get: { summary: 'Read the staff audit log, newest first (staff)' } },
  staffAuditLogExport: { get: { summary: 'Download the staff audit log as CSV (staff)' } },
  // home (the signed-in home's cards)
  homeLessonsDue: {
    get: { summary: 'List the user’s assigned lessons not passed, overdue first' },
  },
  homeCourses: {
    get: { summary: 'Where Continue leads, and the next lesson of each started course' },
  },
  homeContests: { get: { summary: 'List the user’s class contests with rank and value change' } },
  homePoints: { get: { summary: 'Read the points balance and the next reward it buys' } },
  homeClasses: { get: { summary: 'List the teacher’s classes with their overdue work (teacher)' } },
  homeInactiveStudents: {
    get: { summary: 'List the teacher’s students not signed in for a week (teacher)' },
  },
  homeRewardRequests: {
    get: { summary: 'List the pending reward requests of the teacher’s classes (teacher)' },
  },
  homeReports: { get: { summary: 'Count the reported board posts of each class (teacher)' } },
  homeLeaders: { get: { summary: 'List the leaders of each running class contest (teacher)' } },
  homeRetention: { get: { summary: 'Read the retention job’s last run (staff)' } },
  homeChild: { get: { summary: 'Read the card of one child the guardian follows (guardian)' } },
  // rosters
  rosterPreview: {
    post: { summary: 'Preview a roster import (staff, or the class’s teacher)', errors: [413] },
  },
  rosterApply: {
    post: {
      summary: 'Import a roster in one transaction (staff, or the class’s teacher)',
      errors: [413, 429],
    },
  },
  // guardians (the parent view)
  guardianInvitations: {
    post: {
      summary: 'Invite a parent to follow the student (student, 13 or older)',
      errors: [409, 429],
    },
  },
  guardianInvitationPreview: {
    post: { summary: 'Read what an invitation link offers', anonymous: true, errors: [410] },
  },
  guardianSignup: {
    post: {
      summary: 'Make a parent account from an invitation',
      anonymous: true,
      errors: [409, 410, 429],
    },
  },
  guardianAccept: {
    post: { summary: 'Accept an invitation with the signed-in account', errors: [409, 410] },
  },
  guardianChildren: { get: { summary: 'List the children the guardian follows' } },
  guardianChild: {
    get: { summary: 'Read one followed child’s progress, read-only (guardian)' },
    delete: { summary: 'Stop following a child (guardian)' },
  },
  guardianChildExport: {
    post: { summary: 'Prepare a download of a followed child’s data (guardian)' },
  },
  guardianChildDeletion: {
    post: { summary: 'Ask to delete a followed child’s account (guardian)' },
  },
  myGuardians: { get: { summary: 'List who follows the student and the open invitations' } },
  myGuardian: { delete: { summary: 'Stop a guardian following the student (the student)' } },
  guardianSharing: {
    get: { summary: 'Read what the student shares with their guardians' },
    put: { summary: 'Choose what the student shares with their guardians' },
  },
  classroomStudentGuardians: {
    get: { summary: 'List a student’s guardians and open invitations (teacher)' },
    post: { summary: 'Invite a student’s parent (teacher)', errors: [409, 429] },
  },
  classroomStudentGuardian: {
    delete: { summary: 'Stop a guardian following a student (teacher)' },
  },
} as const satisfies ApiDocs;
