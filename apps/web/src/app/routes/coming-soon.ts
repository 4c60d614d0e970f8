import type { ComingSoonProps } from '@/components/ComingSoon.tsx';
import { signedInPatterns } from '@bullpen/contract/routes';

type SignedInPattern = (typeof signedInPatterns)[number];

/** What each not-yet-built signed-in route will be (the `logout` route is real). */
export const signedInComingSoon: Record<Exclude<SignedInPattern, 'logout'>, ComingSoonProps> = {
  create: {
    title: 'Create Contest',
    description:
      'Set up a public or private stock-market contest with virtual money, a start and end date, and invite friends or a whole class.',
  },
  'create-classroom': {
    title: 'Create Classroom',
    description:
      'Teachers will create classrooms here, invite students by email and choose the courses and lessons to teach.',
  },
  lessons: {
    title: 'Lessons',
    description:
      'Your classroom lessons and courses on saving, budgeting, credit and investing will be listed here.',
  },
  assessment: {
    title: 'Admin',
    description:
      'Teachers will follow class progress, overdue lessons and assessment statistics, and grant certificates here.',
  },
  join: {
    title: 'Join Contest',
    description: 'Browse open contests or enter an invitation to join a stock-market contest.',
  },
  'join-classroom': {
    title: 'Join Classroom',
    description: 'Join your teacher’s classroom with the invitation you received.',
  },
  'join-fintron-challenge': {
    title: 'Join the Challenge',
    description:
      'Sign up for the seasonal investing challenge and compete with schools everywhere.',
  },
  'my-contests': {
    title: 'Contests',
    description:
      'Your public and private contests, with your portfolio value and leaderboard position in each.',
  },
  'my-classrooms': {
    title: 'Classrooms',
    description: 'The classrooms you teach or belong to, with their lessons and discussion boards.',
  },
  'contest/:id': {
    title: 'Contest',
    description:
      'The contest page: search stocks, buy and sell with virtual money, and follow the leaderboard.',
  },
  'classroom/:id': {
    title: 'Classroom',
    description:
      'The classroom page: lessons, courses, the discussion board, resumes and certificates.',
  },
  'contest-order-history/:userId/:contestId': {
    title: 'Order history',
    description:
      'Every buy and sell order placed in a contest, with pending orders you can cancel.',
  },
  'place-order/:orderType/:contestId/:securityId': {
    title: 'Place order',
    description: 'Buy or sell shares of a stock in your contest portfolio with virtual money.',
  },
  'contest-portfolio/:id': {
    title: 'Contest portfolio',
    description: 'Your holdings in a contest: shares, value, cost basis, gains and weights.',
  },
  'portfolio-stats/:userId/:contestId': {
    title: 'Portfolio stats',
    description: 'Charts of a portfolio’s value over time and how it is spread across sectors.',
  },
  'learn-and-earn': {
    title: 'Learn & Earn',
    description: 'Short money lessons that award points when you complete them.',
  },
  redeem: {
    title: 'Redeem points',
    description: 'Turn the points you earn in Learn & Earn into rewards.',
  },
  budgeting: {
    title: 'Master Budget',
    description: 'Plan income, spending and saving with the master budget tool.',
  },
};

/** Public routes under /public that are not built yet. */
export const publicComingSoon: Record<string, ComingSoonProps> = {
  development: {
    title: 'Development',
    description: 'A page for trying out new Bullpen features before they are released.',
  },
  fake: {
    title: 'Sandbox',
    description: 'A practice page with sample data, for demonstrations.',
  },
  support: {
    title: 'Support',
    description:
      'Help articles and a form to reach our team. Until then, write to us from the Contact us page.',
  },
  'blogs/:alias': {
    title: 'Blog',
    description: 'Articles about money, investing and teaching financial literacy.',
  },
  'lessons/:alias': {
    title: 'Lesson',
    description: 'Free lesson articles about money and investing, open to everyone.',
  },
  'contact-us': {
    title: 'Contact us',
    description:
      'A form to contact our sales team or schedule an event for your school or district.',
  },
  'preview-courses': {
    title: 'Course preview',
    description: 'Preview the courses available to Bullpen classrooms before you sign up.',
  },
};
