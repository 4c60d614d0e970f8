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
  previewCourses: '/public/preview-courses',
} as const;

export const NOT_FOUND_PATH = '/errors/error-404';

/** Signed-in routes, as React Router patterns. */
export const signedInPatterns = [
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
  'portfolio-stats/:userId/:contestId',
  'logout',
  'learn-and-earn',
  'redeem',
  'budgeting',
] as const;

/** API paths of spec section 7 that exist today. */
export const api = {
  login: '/api-token-auth/',
  verifyToken: '/api-token-verify/',
  logout: '/api/auth/logout/',
  sendResetPasswordEmail: '/api/auth/send-reset-password-email/',
  resetPassword: '/api/auth/reset-password/',
  verifyEmail: '/api/auth/verify-email/',
  sendVerificationEmail: '/api/auth/send-verification-email/',
  users: '/api/users/',
  user: (id: number | string) => `/api/users/${id}/`,
  points: (userId: number | string) => `/api/points/points/${userId}/`,
  appstore: '/api/appstore/',
  health: '/api/health',
  securities: '/api/securities/',
  security: (id: number | string) => `/api/securities/${id}/`,
  securityNews: (id: number | string) => `/api/securities/${id}/news/`,
  sectors: '/api/sectors/',
  sector: (id: number | string) => `/api/sectors/${id}`,
  sectorPerformance: '/api/sector-performance/',
  stockPrice: '/api/stock-price/',
  technicalIndicator: '/api/technical-indicator/',
  news: '/api/news/',
  newsArticle: (id: string) => `/api/news/${id}/`,
  marketStatus: '/api/market/status/',
  websocket: '/ws',
} as const;
