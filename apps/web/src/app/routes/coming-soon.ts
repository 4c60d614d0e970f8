import type { ComingSoonProps } from '@/components/ComingSoon.tsx';
import { signedInPatterns } from '@bullpen/contract/routes';
import type { ContestPattern } from './contests/routes.ts';

type SignedInPattern = (typeof signedInPatterns)[number];

/** What each not-yet-built signed-in route will be (`logout` and the contest routes are real). */
export const signedInComingSoon: Record<
  Exclude<SignedInPattern, 'logout' | ContestPattern>,
  ComingSoonProps
> = {
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
  'join-classroom': {
    title: 'Join Classroom',
    description: 'Join your teacher’s classroom with the invitation you received.',
  },
  'my-classrooms': {
    title: 'Classrooms',
    description: 'The classrooms you teach or belong to, with their lessons and discussion boards.',
  },
  'classroom/:id': {
    title: 'Classroom',
    description:
      'The classroom page: lessons, courses, the discussion board, resumes and certificates.',
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
