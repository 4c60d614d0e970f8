import { path } from './api-path.ts';

/** Web routes of spec section 2. */
export const publicPaths = {
  development: '/public/development',
  fake: '/public/fake',
  home: '/public/home',
  login: '/public/login',
  signup: '/public/signup',
  signupTeacher: '/public/signup-teacher',
  resetPassword: '/public/reset-password',
  support: '/public/support',
  contactUs: '/public/contact-us',
  emailVerification: '/public/email-verification',
  /** The page a parent's consent link opens (auth/consent.ts). */
  parentConsent: '/public/parent-consent',
  /** The page a guardian invitation's link opens (apps/server/src/guardians). */
  guardianInvitation: '/public/guardian-invitation',
  previewCourses: '/public/preview-courses',
  /** Every term the lessons teach, A to Z; linked from every lesson. */
  glossary: '/public/glossary',
  accessibility: '/public/accessibility',
} as const;

/** Pages of the market that are not the stock list: a news story opens inside the app. */
export const marketPaths = {
  newsArticle: (id: string) => `/public/news/${encodeURIComponent(id)}`,
} as const;

/** Pages of the learn area: the catalogue, a course and a lesson live on `/lessons`. */
export const learnPaths = {
  catalogue: '/lessons',
  course: (courseId: number) => `/lessons?course=${courseId}`,
  lesson: (lessonId: number) => `/lessons?lesson=${lessonId}`,
  /** The public article pages of spec section 2 (both show the same article page). */
  publicLesson: (alias: string) => `/public/lessons/${alias}`,
  blog: (alias: string) => `/public/blogs/${alias}`,
} as const;

/**
 * Learn and earn (spec section 2): the catalogue, and one module by its deep link. The page
 * that opens a module passes its own path as navigation state (`EarnFromState`), and the
 * module's Back button returns there (to the catalogue without it).
 */
export const earnPaths = {
  catalogue: '/learn-and-earn?widget_type=learn_and_earn',
  module: (moduleId: number) => `/learn-and-earn?widget_type=deep_link&module_id=${moduleId}`,
} as const;

/** The navigation state a page gives the module it opens: where Back goes. */
export interface EarnFromState {
  from: string;
}

/** The classroom pages (spec section 2), and the public certificate check. */
export const classroomPaths = {
  create: '/create-classroom',
  join: '/join-classroom',
  mine: '/my-classrooms',
  classroom: (id: number) => `/classroom/${id}`,
  assessment: '/assessment',
  /** Public: confirms a certificate's verification code. */
  certificate: (code: string) => `/public/certificates/${encodeURIComponent(code)}`,
  certificatePattern: '/public/certificates/:code',
} as const;

/** The calculators: all on /tools; `calculator(name)` scrolls to one (a lesson's "try it"). */
export const toolsPaths = {
  tools: '/tools',
  calculator: (name: string) => `/tools#${name}`,
} as const;

/** The support pages: the two public ones are in publicPaths; the staff inbox is signed in. */
export const supportPaths = {
  inbox: '/support-inbox',
} as const;

/** Staff pages (Bullpen's operators): the teachers waiting for approval, and the trusted ones. */
export const staffPaths = {
  teachers: '/staff/teachers',
  /** Every account: search, filter, deactivate and reactivate (docs/decisions/035). */
  users: '/staff/users',
  auditLog: '/staff/audit-log',
  /** Import a OneRoster bundle or a Google Classroom roster (apps/server/src/rosters). */
  rosters: '/rosters/import',
  /** A teacher's import into one class (the Google Classroom format needs the class). */
  classroomRoster: (classroomId: number) => `/rosters/import?classroom=${classroomId}`,
} as const;

/** Pages of the parent view. */
export const guardianPaths = {
  /** The mailed link: public, like the parent-consent page (spec section 2, public routes). */
  accept: (token: string) => `/public/guardian-invitation?token=${encodeURIComponent(token)}`,
  child: (id: number) => `/guardian/children/${id}`,
  /** The student's page: invite a parent, see and revoke guardians, choose what to share. */
  mine: '/parents',
} as const;

/** The signed-in home: every role lands here after signing in. */
export const HOME_PATH = '/home';

/** Every notification of the signed-in user (the bell's "See all"). */
export const NOTIFICATIONS_PATH = '/notifications';

/** Where every signed-in page leads while an under-13 waits for a parent's consent. */
export const CONSENT_PENDING_PATH = '/consent-pending';

export const NOT_FOUND_PATH = '/errors/error-404';

/** Signed-in routes, as React Router patterns. */
export const signedInPatterns = [
  'home',
  'notifications',
  'create',
  'create-classroom',
  'lessons',
  'assessment',
  'join',
  'join-classroom',
  'join-fintron-challenge',
  'my-contests',
  'my-classrooms',
  'contest/:id',
  'classroom/:id',
  'contest-order-history/:userId/:contestId',
  'place-order/:orderType/:contestId/:securityId',
  'contest-portfolio/:id',
  'contest-review/:id',
  'portfolio-stats/:userId/:contestId',
  'logout',
  'learn-and-earn',
  'redeem',
  'budgeting',
  'tools',
  'settings',
  'settings/data',
  'parents',
  'guardian/children/:id',
] as const;

/**
 * Every API path (spec section 7 and our extras), once: the server registers `.pattern`, the
 * web app requests `.build(params)`. Grouped by domain; a new domain adds its group here.
 * `apps/server/src/platform/api-paths.test.ts` fails when the server serves a path not listed.
 */
export const api = {
  // auth
  login: path('/api-token-auth/'),
  verifyToken: path('/api-token-verify/'),
  logout: path('/api/auth/logout/'),
  /** Ours: the signed-in user's sessions (the settings page); each can be ended. */
  sessions: path('/api/auth/sessions/'),
  session: path('/api/auth/sessions/:id/'),
  endOtherSessions: path('/api/auth/sessions/end-others/'),
  sendResetPasswordEmail: path('/api/auth/send-reset-password-email/'),
  resetPassword: path('/api/auth/reset-password/'),
  verifyEmail: path('/api/auth/verify-email/'),
  sendVerificationEmail: path('/api/auth/send-verification-email/'),
  /** Ours: school sign-in (OpenID Connect), the providers and each one's redirects. */
  oidcProviders: path('/api/oidc/providers/'),
  oidcStart: path('/api/oidc/:provider/start/'),
  oidcCallback: path('/api/oidc/:provider/callback/'),
  // users and points
  users: path('/api/users/'),
  user: path('/api/users/:id/'),
  /** Ours: schedule (POST, with the password) or cancel (DELETE) the account's deletion. */
  userDeletion: path('/api/users/:id/deletion/'),
  /** Ours: a parent's consent to an under-13's direct sign-up (COPPA). */
  consent: path('/api/consents/:token/'),
  myConsent: path('/api/consents/mine/'),
  resendConsent: path('/api/consents/mine/resend/'),
  points: path('/api/points/points/:userId/'),
  /** Ours: the ledger lines behind a balance, newest first (its owner only). */
  pointsHistory: path('/api/points/points/:userId/history/'),
  // learn and earn (spec section 7 "Zogo" and "Auth")
  zogoToken: path('/api/auth/zogo-token/'),
  zogoModules: path('/api/zogo/modules/'),
  zogoModule: path('/api/zogo/modules/:id/'),
  zogoCheckAnswer: path('/api/zogo/modules/:id/check/'),
  zogoCardStart: path('/api/zogo/modules/:id/cards/:card/start/'),
  zogoToday: path('/api/zogo/today/'),
  zogoCategories: path('/api/zogo/categories/'),
  zogoSkills: path('/api/zogo/skills/'),
  zogoCompletedBySkills: path('/api/zogo/completed-modules/by-skills/'),
  zogoPoints: path('/api/points/points/zogo/'),
  // rewards (ours: the redeem page)
  rewards: path('/api/rewards/'),
  redeemReward: path('/api/rewards/:id/redeem/'),
  redemptions: path('/api/rewards/redemptions/'),
  approveRedemption: path('/api/rewards/redemptions/:id/approve/'),
  declineRedemption: path('/api/rewards/redemptions/:id/decline/'),
  cancelRedemption: path('/api/rewards/redemptions/:id/cancel/'),
  equippedRewards: path('/api/rewards/equipped/'),
  /** Each user's shown frame and badge, for a list of ids (leaderboards, the header). */
  equippedOf: path('/api/rewards/equipped/of/'),
  // notifications (ours: the bell, its list and the mail choices)
  notifications: path('/api/notifications/'),
  readNotification: path('/api/notifications/:id/read/'),
  readAllNotifications: path('/api/notifications/read/'),
  unreadNotifications: path('/api/notifications/unread/'),
  notificationPreferences: path('/api/notifications/preferences/'),
  // content and platform
  appstore: path('/api/appstore/'),
  health: path('/api/health'),
  ready: path('/api/ready'),
  docs: path('/api/docs'),
  websocket: path('/ws'),
  // learn
  courses: path('/api/learn/courses/'),
  coursesPreview: path('/api/learn/courses/preview/'),
  course: path('/api/learn/courses/:id/'),
  lessons: path('/api/learn/lessons/'),
  lesson: path('/api/learn/lessons/:id/'),
  lessonAttempts: path('/api/learn/lessons/:id/attempts/'),
  lessonCompletedModules: path('/api/learn/lessons/:id/completed-modules/'),
  /** Ours: the glossary of the terms the lessons teach (public). */
  glossary: path('/api/learn/glossary/'),
  // the external content service (spec section 7: its paths are ours to choose)
  flyers: path('/api/content/flyers/'),
  flyer: path('/api/content/flyers/:alias/'),
  publicLessons: path('/api/content/lessons/'),
  publicLesson: path('/api/content/lessons/:alias/'),
  // market
  securities: path('/api/securities/'),
  security: path('/api/securities/:id/'),
  securityNews: path('/api/securities/:id/news/'),
  /** The security's logo (SVG): the `image_logo` of a simulated security. */
  securityLogo: path('/api/securities/:id/logo/'),
  sectors: path('/api/sectors/'),
  /** The server answers a sector with and without the trailing slash. */
  sector: path('/api/sectors/:id'),
  sectorWithSlash: path('/api/sectors/:id/'),
  sectorPerformance: path('/api/sector-performance/'),
  stockPrice: path('/api/stock-price/'),
  technicalIndicator: path('/api/technical-indicator/'),
  news: path('/api/news/'),
  newsItem: path('/api/news/:id/'),
  /** A readable article page (HTML). */
  newsArticle: path('/api/news/:id/article/'),
  marketStatus: path('/api/market/status/'),
  /** Staff only: splits scheduled in a running contest (docs/decisions/012). */
  marketSplits: path('/api/market/splits/'),
  // contests
  contests: path('/api/contests/'),
  challenge: path('/api/contests/challenge/'),
  contest: path('/api/contests/:id/'),
  // No trailing slash, like the spec's classroom freeze (`PATCH …/{id}/freeze`).
  freezeContest: path('/api/contests/:id/freeze'),
  /** Ours: the trade coach's switch (docs/decisions/047-trade-coach.md). */
  contestCoach: path('/api/contests/:id/coach/'),
  inviteToContest: path('/api/contests/:id/invite/'),
  /** Ours: the contest's trading rules (docs/decisions/046-contest-rule-packs.md). */
  contestRules: path('/api/contests/:id/rules/'),
  /** Ours: cash adjustments and their history (docs/decisions/049-portfolio-reset-and-cash-adjustment.md). */
  contestAdjustments: path('/api/contests/:id/adjustments/'),
  /** Ours: portfolio resets, one student or all (decision 049). */
  contestResets: path('/api/contests/:id/resets/'),
  /** Ours: the risk-adjusted board and its setting (docs/decisions/050-risk-adjusted-board.md). */
  contestRiskBoard: path('/api/contests/:id/risk-board/'),
  contestUsers: path('/api/contest-users/'),
  leaderboard: path('/api/contest-users/leaderboard/'),
  contestUser: path('/api/contest-users/:id/'),
  contestUserDescription: path('/api/contest-users/:id/description/'),
  /** Ours: a member's review of an ended contest (contest-review.ts). */
  contestUserReview: path('/api/contest-users/:id/review/'),
  // trading
  orders: path('/api/contest-user-orders/'),
  pendingOrders: path('/api/contest-invests/'),
  pendingOrder: path('/api/contest-invests/:id/'),
  holdings: path('/api/contest-user-securities/'),
  values: path('/api/contest-user-values/'),
  portfolioStats: path('/api/portfolio-stats/'),
  /** Ours: what the order ticket's trade coach needs (docs/decisions/047-trade-coach.md). */
  tradeCoach: path('/api/trade-coach/'),
  // budget
  masterBudgets: path('/api/recurring/master-budgets/'),
  masterBudget: path('/api/recurring/master-budgets/:id/'),
  // classrooms (spec section 7 "Classrooms"; `…/freeze` has no trailing slash, as written there)
  classrooms: path('/api/classrooms/classrooms/'),
  joinClassroom: path('/api/classrooms/classrooms/join/'),
  classroom: path('/api/classrooms/classrooms/:id/'),
  freezeClassroom: path('/api/classrooms/classrooms/:id/freeze'),
  inviteToClassroom: path('/api/classrooms/classrooms/:id/invite/'),
  classroomStudents: path('/api/classrooms/classrooms/:id/students/'),
  classroomUser: path('/api/classrooms/classrooms/:id/users/:userId/'),
  /** Ours: a teacher adds students by name (accounts without email) and resets their passwords. */
  classroomStudentAccounts: path('/api/classrooms/classrooms/:id/students/accounts/'),
  classroomStudentPassword: path('/api/classrooms/classrooms/:id/students/:userId/password/'),
  /** Ours: the teacher erases a student account they made by name (users/deletion.ts). */
  classroomStudentAccount: path('/api/classrooms/classrooms/:id/students/:userId/account/'),
  classroomCourses: path('/api/classrooms/classrooms/:id/courses/'),
  classroomLessons: path('/api/classrooms/classrooms/:id/lessons/'),
  classroomLesson: path('/api/classrooms/classrooms/:id/lessons/:lessonId/'),
  remindClassroomLesson: path('/api/classrooms/classrooms/:id/lessons/:lessonId/remind/'),
  classroomStatistics: path('/api/classrooms/classrooms/:id/statistics/'),
  classroomOverdueLessons: path('/api/classrooms/classrooms/:id/overdue-lessons/'),
  classroomGradebook: path('/api/classrooms/classrooms/:id/gradebook/'),
  classroomGradebookExport: path('/api/classrooms/classrooms/:id/gradebook/export/'),
  classroomGradebookReport: path(
    '/api/classrooms/classrooms/:id/gradebook/students/:userId/report/',
  ),
  classroomGradebookAwards: path('/api/classrooms/classrooms/:id/gradebook/points-awards/'),
  classroomGradebookReminders: path('/api/classrooms/classrooms/:id/gradebook/reminders/'),
  classroomPosts: path('/api/classrooms/classrooms/:id/posts/'),
  /** Ours: the board's moderation (docs/decisions/032-board-moderation.md). */
  classroomPost: path('/api/classrooms/classrooms/:id/posts/:postId/'),
  reportClassroomPost: path('/api/classrooms/classrooms/:id/posts/:postId/report/'),
  classroomPostReports: path('/api/classrooms/classrooms/:id/posts/:postId/reports/'),
  classroomReports: path('/api/classrooms/classrooms/:id/reports/'),
  classroomMutes: path('/api/classrooms/classrooms/:id/mutes/'),
  classroomMute: path('/api/classrooms/classrooms/:id/mutes/:userId/'),
  /** Ours: the class's contests (a teacher starts one) and its trading switch. */
  classroomContests: path('/api/classrooms/classrooms/:id/contests/'),
  classroomTrading: path('/api/classrooms/classrooms/:id/trading'),
  /** Ours: a teacher's rewards for the class, the requests for them, and points awards. */
  classroomRewards: path('/api/classrooms/classrooms/:id/rewards/'),
  classroomReward: path('/api/classrooms/classrooms/:id/rewards/:rewardId/'),
  classroomRewardRequests: path('/api/classrooms/classrooms/:id/reward-requests/'),
  classroomPointsAwards: path('/api/classrooms/classrooms/:id/points-awards/'),
  grantCertificates: path('/api/classrooms/classrooms/:id/certificates/grant/'),
  getCertificates: path('/api/classrooms/classrooms/:id/certificates/get/'),
  /** Ours: before granting, each student's progress in a course (teacher of the class). */
  certificateCandidates: path('/api/classrooms/classrooms/:id/certificates/students/'),
  certificateRecipients: path('/api/sertifier/recipients/'),
  /** Ours: the public check of a verification code, and the PDF (its holder and teacher). */
  certificate: path('/api/certificates/:code/'),
  certificatePdf: path('/api/certificates/:code/pdf/'),
  // resumes (spec section 7 "Resumes")
  classroomResumes: path('/api/resumes/classrooms/:id/resumes/'),
  classroomResume: path('/api/resumes/classrooms/:id/resumes/:resumeId/'),
  resumeComments: path('/api/resumes/classrooms/:id/resumes/:resumeId/comments/'),
  // support
  supportTickets: path('/api/support-tickets/'),
  schoolEventTickets: path('/api/support-tickets/school-event/'),
  contactSalesTickets: path('/api/support-tickets/contact-sales/'),
  humanChallenge: path('/api/support-tickets/challenge/'),
  supportInbox: path('/api/support-tickets/inbox/'),
  supportTicket: path('/api/support-tickets/:id/'),
  // privacy (ours: "download my data")
  dataExports: path('/api/privacy/exports/'),
  dataExport: path('/api/privacy/exports/:id/'),
  dataExportDownload: path('/api/privacy/exports/:id/download/'),
  classroomStudentExport: path('/api/classrooms/classrooms/:id/students/:userId/export/'),
  // staff: teachers' trust (docs/decisions/028)
  staffTeachers: path('/api/staff/teachers/'),
  staffTeacherTrust: path('/api/staff/teachers/:id/trust/'),
  // staff: accounts and the audit log (docs/decisions/035)
  staffUsers: path('/api/staff/users/'),
  staffUserDeactivate: path('/api/staff/users/:id/deactivate/'),
  staffUserReactivate: path('/api/staff/users/:id/reactivate/'),
  staffAuditLog: path('/api/staff/audit-log/'),
  staffAuditLogExport: path('/api/staff/audit-log/export/'),
  // staff: mail held without SMTP_URL (apps/server/src/mail/mailer.ts)
  staffOutbox: path('/api/staff/outbox/'),
  // home (ours: the signed-in home's cards that no other endpoint answers)
  homeLessonsDue: path('/api/home/lessons-due/'),
  homeCourses: path('/api/home/courses/'),
  homeContests: path('/api/home/contests/'),
  homePoints: path('/api/home/points/'),
  homeClasses: path('/api/home/classes/'),
  homeInactiveStudents: path('/api/home/inactive-students/'),
  homeRewardRequests: path('/api/home/reward-requests/'),
  homeReports: path('/api/home/reports/'),
  homeLeaders: path('/api/home/leaders/'),
  homeRetention: path('/api/home/retention/'),
  /** A guardian's card for one child they follow. */
  homeChild: path('/api/home/children/:id/'),
  // rosters (ours: OneRoster and Google Classroom imports, docs/decisions/042)
  rosterPreview: path('/api/rosters/preview/'),
  rosterApply: path('/api/rosters/apply/'),
  // guardians (ours: the parent view)
  guardianInvitations: path('/api/guardians/invitations/'),
  guardianInvitationPreview: path('/api/guardians/invitations/preview/'),
  guardianSignup: path('/api/guardians/invitations/signup/'),
  guardianAccept: path('/api/guardians/invitations/accept/'),
  guardianChildren: path('/api/guardians/children/'),
  guardianChild: path('/api/guardians/children/:id/'),
  guardianChildExport: path('/api/guardians/children/:id/export/'),
  guardianChildDeletion: path('/api/guardians/children/:id/deletion/'),
  myGuardians: path('/api/guardians/mine/'),
  myGuardian: path('/api/guardians/mine/:id/'),
  guardianSharing: path('/api/guardians/sharing/'),
  classroomStudentGuardians: path('/api/classrooms/classrooms/:id/students/:userId/guardians/'),
  classroomStudentGuardian: path(
    '/api/classrooms/classrooms/:id/students/:userId/guardians/:guardianId/',
  ),
} as const;
