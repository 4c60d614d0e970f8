import { z } from 'zod';
import { CONTENT_PAGE_SIZE, PREVIEW_COURSES_PAGE_SIZE } from './constants.ts';
import { idField } from './input.ts';
import { pageQuery, pageQueryWith, pageSchema } from './pagination.ts';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './slug.ts';

/**
 * Learn (spec section 7 "Learn"): courses of lessons, each lesson a reading and a quiz graded
 * on the server. Two kinds of schema live here: the content files of `content/courses/` (what
 * a writer edits; the loader and the content test parse them) and the API's requests and
 * responses. Quiz answers appear only in the file schemas and in a graded attempt, never in
 * a lesson as the browser first receives it.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** A lesson is complete once one attempt scores at least this, unless its course says otherwise. */
export const DEFAULT_PASS_PERCENT = 70;
export const QUIZ_MIN_ITEMS = 5;
/** A lesson's bank holds at least this many questions, so a retry draws unseen ones. */
export const QUIZ_BANK_MIN = 14;
/**
 * Questions one quiz attempt asks, drawn from the lesson's bank (all of a smaller bank): a
 * retry asks unseen questions first where the bank has more.
 */
export const QUIZ_QUESTIONS_PER_ATTEMPT = 8;
/** Flesch–Kincaid grade levels a lesson reading stays between (students of grades 6–12). */
export const MIN_READING_GRADE = 5;
export const MAX_READING_GRADE = 9;
export const GRADE_MIN = 6;
export const GRADE_MAX = 12;

/**
 * The subjects of the learn-and-earn modules (zogo.ts `moduleCategories`), in the catalogue's
 * order; every one is a course category too.
 */
export const moduleSubjects = [
  'earning',
  'budgeting',
  'saving',
  'banking',
  'credit',
  'investing',
  'markets',
  'consumer',
  'careers',
] as const;
/** The courses' subjects: the modules' and managing risk, which has courses but no modules. */
export const courseCategories = [...moduleSubjects, 'risk'] as const;
export const courseCategory = z.enum(courseCategories);
export type CourseCategory = z.infer<typeof courseCategory>;

/** Units a numeric quiz answer is given in; the page shows the matching adornment. */
export const numberUnits = ['dollars', 'percent', 'years', 'months', 'shares', 'none'] as const;
export const numberUnit = z.enum(numberUnits);
export type NumberUnit = z.infer<typeof numberUnit>;

export const learnMessages = {
  courseNotFound: 'Course not found.',
  lessonNotFound: 'Lesson not found.',
  articleNotFound: 'Article not found.',
  unknownQuestion: 'This quiz has no question {item}.',
  answerEveryQuestion: 'Answer every question before you submit.',
  choiceOutOfRange: 'Pick one of the choices for question {item}.',
  notANumber: 'Enter a number for question {item}.',
  idempotencyMismatch: 'This Idempotency-Key was already used for different answers.',
} as const;

// ---------------------------------------------------------------------------------------------
// Content files (content/courses/<course-slug>/course.yaml and NN-<lesson-slug>.md)

/** Lower-case words joined by hyphens: the stable key of a course, a lesson or an article. */
export const slugSchema = z
  .string()
  .regex(SLUG_PATTERN, 'A slug is lower-case words joined by hyphens.')
  .max(SLUG_MAX_LENGTH);

const grade = z.number().int().min(GRADE_MIN).max(GRADE_MAX);

export const sourceSchema = z.strictObject({
  title: z.string().min(3).max(200),
  publisher: z.string().min(2).max(120),
  url: z.url({ protocol: /^https$/ }),
});
export type Source = z.infer<typeof sourceSchema>;

export const courseFileSchema = z
  .strictObject({
    slug: slugSchema,
    title: z.string().min(3).max(80),
    description: z.string().min(20).max(400),
    category: courseCategory,
    grades: z.tuple([grade, grade]),
    pass_percent: z.number().int().min(50).max(100).default(DEFAULT_PASS_PERCENT),
    /** Where the course sits in the catalogue (smaller first). */
    position: z.number().int().min(1).max(1000),
    sources: z.array(sourceSchema).min(1),
  })
  .refine(({ grades: [from, to] }) => from <= to, {
    message: 'grades is [lowest, highest].',
    path: ['grades'],
  });
export type CourseFile = z.infer<typeof courseFileSchema>;

const itemId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A question id is lower-case words joined by hyphens.')
  .max(60);
const questionText = z.string().min(8).max(400);
const explanation = z.string().min(8).max(400);

/**
 * A choice as a writer gives it: its text, and for a wrong one `why` it is wrong (the mistake
 * it stands for; shown to a student who picks it). A bare string is a choice without a reason.
 */
export const choiceFileSchema = z
  .union([
    z.string().min(1).max(200),
    z.strictObject({ text: z.string().min(1).max(200), why: explanation.optional() }),
  ])
  .transform((choice) => (typeof choice === 'string' ? { text: choice } : choice));
export type ChoiceFile = z.output<typeof choiceFileSchema>;

export const choiceItemFileSchema = z
  .strictObject({
    id: itemId,
    type: z.literal('choice'),
    question: questionText,
    choices: z.array(choiceFileSchema).min(2).max(5),
    /** The index (from 0) of the one right choice. */
    answer: z.number().int().min(0),
    explanation,
  })
  .refine(({ choices, answer }) => answer < choices.length, {
    message: 'answer is the index of one of the choices.',
    path: ['answer'],
  })
  .refine(
    ({ choices }) =>
      new Set(choices.map((c) => c.text.trim().toLowerCase())).size === choices.length,
    {
      message: 'Two choices say the same thing.',
      path: ['choices'],
    },
  );

export const numberItemFileSchema = z.strictObject({
  id: itemId,
  type: z.literal('number'),
  question: questionText,
  answer: z.number().finite(),
  /** How far a given number may be from the answer and still count (0: exactly). */
  tolerance: z.number().min(0).default(0),
  unit: numberUnit,
  explanation,
});

export const quizItemFileSchema = z.discriminatedUnion('type', [
  choiceItemFileSchema,
  numberItemFileSchema,
]);
export type QuizItemFile = z.infer<typeof quizItemFileSchema>;

/** A code of `content/standards.yaml`: topic letters and a number (EI-3). */
export const standardCode = z
  .string()
  .regex(/^[A-Z]{2}-\d{1,2}$/, 'A standard is a code such as EI-3.');

/**
 * A decision scenario: a situation, two or three choices, and each one's consequences worked
 * out with numbers; the student picks one and sees every outcome.
 */
export const decisionSchema = z.strictObject({
  title: z.string().min(3).max(80),
  situation: z.string().min(20).max(800),
  options: z
    .array(
      z.strictObject({
        label: z.string().min(3).max(160),
        outcome: z.string().min(20).max(900),
      }),
    )
    .min(2)
    .max(3),
  takeaway: z.string().min(10).max(400),
});
export type Decision = z.infer<typeof decisionSchema>;

/** The front matter of a lesson file; the Markdown below it is the reading. */
export const lessonFileSchema = z.strictObject({
  slug: slugSchema,
  title: z.string().min(3).max(80),
  sub_title: z.string().min(3).max(160),
  /** About how long the reading and the quiz take. */
  minutes: z.number().int().min(3).max(45),
  /** What the lesson teaches, as codes of `content/standards.yaml`. */
  standards: z.array(standardCode).max(4).default([]),
  objectives: z.array(z.string().min(8).max(200)).min(2).max(5),
  /**
   * The Bullpen page that practises this lesson (a web route of spec section 2), perhaps at a
   * place on it (`/tools#loan-payoff`).
   */
  try_it: z.strictObject({
    path: z.string().regex(/^\/[\w\-/?=&.]*(?:#[\w-]+)?$/, 'try_it.path is a path inside Bullpen.'),
    label: z.string().min(3).max(80),
  }),
  decision: decisionSchema.optional(),
  quiz: z.array(quizItemFileSchema).min(QUIZ_MIN_ITEMS),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

/** `content/standards.yaml`: the topics of the national standards and their standards. */
export const standardsFileSchema = z.strictObject({
  topics: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[A-Z]{2}$/),
        title: z.string().min(3).max(80),
        standards: z
          .array(z.strictObject({ code: standardCode, title: z.string().min(10).max(200) }))
          .min(1),
      }),
    )
    .min(1),
});
export type StandardsFile = z.infer<typeof standardsFileSchema>;

/** `content/glossary/<course-slug>.yaml`: the terms its lessons teach (bold where defined). */
export const glossaryFileSchema = z.array(
  z.strictObject({
    term: z.string().min(2).max(60),
    definition: z.string().min(10).max(400),
  }),
);
export type GlossaryFile = z.infer<typeof glossaryFileSchema>;

/** The front matter of a public article (`content/articles/<alias>.md`). */
export const articleFileSchema = z.strictObject({
  alias: slugSchema,
  title: z.string().min(3).max(100),
  description: z.string().min(20).max(300),
  category: courseCategory,
  /** Date written, YYYY-MM-DD. */
  published: z.iso.date(),
  /** Where the card's second button leads (a Bullpen route), with its label. */
  second_path: z.string().regex(/^\/[\w\-/?=&.]*$/),
  second_label: z.string().min(3).max(40),
  sources: z.array(sourceSchema).default([]),
});
export type ArticleFile = z.infer<typeof articleFileSchema>;

// ---------------------------------------------------------------------------------------------
// API

export const courseParams = z.object({ id: idField });
export const lessonParams = z.object({ id: idField });

/** A signed-in user's progress through a course. */
export const courseProgressSchema = z.object({
  completed: z.number().int(),
  total: z.number().int(),
});

/** GET /api/learn/courses/: a course of the catalogue; progress only for a signed-in user. */
export const courseSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: courseCategory,
  grade_min: z.number().int(),
  grade_max: z.number().int(),
  pass_percent: z.number().int(),
  lessons_count: z.number().int(),
  sources: z.array(sourceSchema),
  progress: courseProgressSchema.nullable(),
});
export type Course = z.infer<typeof courseSchema>;
export const coursePageSchema = pageSchema(courseSchema);

/** Lesson card (spec section 3: order, title, sub_title, link), plus what the page shows. */
export const lessonCardSchema = z.object({
  id: z.number().int(),
  course: z.number().int(),
  slug: z.string(),
  order: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  /** The lesson's page in the web app. */
  link: z.string(),
  minutes: z.number().int(),
  /** For a signed-in user: passed, and the best score so far (percent); null when anonymous. */
  completed: z.boolean().nullable(),
  best_percent: z.number().int().nullable(),
});
export type LessonCard = z.infer<typeof lessonCardSchema>;

export const lessonsQuery = pageQuery.extend({ course: idField });
export const lessonCardPageSchema = pageSchema(lessonCardSchema);

/** GET /api/learn/courses/preview/: the public catalogue, each course with its lessons. */
export const previewCourseSchema = courseSchema.omit({ progress: true }).extend({
  lessons: z.array(
    lessonCardSchema.pick({ order: true, title: true, sub_title: true, link: true, slug: true }),
  ),
});
export type PreviewCourse = z.infer<typeof previewCourseSchema>;
export const previewCoursePageSchema = pageSchema(previewCourseSchema);
export const previewCoursesQuery = pageQueryWith(PREVIEW_COURSES_PAGE_SIZE);

/** A question as the browser first sees it: no answer, no explanation. */
export const quizQuestionSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('choice'),
    question: z.string(),
    choices: z.array(z.string()),
  }),
  z.object({
    id: z.string(),
    type: z.literal('number'),
    question: z.string(),
    unit: numberUnit,
  }),
]);
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

const lessonLinkSchema = z.object({ id: z.number().int(), title: z.string() }).nullable();

/** GET /api/learn/lessons/{id}/ */
export const lessonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  course: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    pass_percent: z.number().int(),
  }),
  order: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  minutes: z.number().int(),
  objectives: z.array(z.string()),
  /** The reading, rendered from Markdown and sanitised on the server. */
  html: z.string(),
  try_it: z.object({ path: z.string(), label: z.string() }),
  /** The national standards it teaches (content/standards.yaml), code and statement. */
  standards: z.array(z.object({ code: z.string(), title: z.string() })),
  /** A decision scenario: a situation, the choices and each one's outcome worked out. */
  decision: decisionSchema.nullable(),
  questions: z.array(quizQuestionSchema),
  previous: lessonLinkSchema,
  next: lessonLinkSchema,
  progress: z.object({
    completed: z.boolean(),
    best_percent: z.number().int().nullable(),
    attempts: z.number().int(),
  }),
});
export type Lesson = z.infer<typeof lessonSchema>;

/**
 * POST /api/learn/lessons/{id}/attempts/: one answer per question, keyed by question id: the
 * index of the chosen choice, or the number typed. An `Idempotency-Key` header makes a
 * resend return the first attempt instead of grading twice.
 */
export const attemptBodySchema = z.strictObject({
  answers: z.record(itemId, z.number().finite()),
});
export type AttemptBody = z.infer<typeof attemptBodySchema>;

export const questionResultSchema = z.object({
  item: z.string(),
  correct: z.boolean(),
  /**
   * What was given, and the right answer (choice index or number): null after a failed
   * attempt while the lesson's bank still holds questions this student has not been asked.
   */
  given: z.number(),
  answer: z.number().nullable(),
  explanation: z.string(),
  /** For a wrong choice: why it is wrong (the mistake it stands for), when the lesson says. */
  why: z.string().nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const attemptSchema = z.object({
  id: z.number().int(),
  lesson: z.number().int(),
  score: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  /** The lesson is complete for this user (by this attempt or an earlier one). */
  lesson_completed: z.boolean(),
  results: z.array(questionResultSchema),
  created_at: z.string(),
  /**
   * Points this attempt paid (the lesson's first completion pays `LESSON_POINTS`, any other
   * attempt 0); only in the answer to the POST, a resend of it included.
   */
  points_awarded: z.number().int().optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptListSchema = z.array(
  attemptSchema.omit({ results: true, points_awarded: true }),
);

/** Linked learning module (spec section 3): id, name, imgSrc; completed ones are marked. */
export const linkedModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imgSrc: z.string(),
  completed: z.boolean(),
});
export const linkedModuleListSchema = z.array(linkedModuleSchema);

// ---------------------------------------------------------------------------------------------
// External content service (spec section 7, unauthenticated): flyers and public lessons

/** Blog card (spec section 3). */
export const blogCardSchema = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string(),
  path: z.string(),
  buttonText: z.string(),
  secondButtonText: z.string(),
  secondPath: z.string(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;

export const contentPageQuery = pageQueryWith(CONTENT_PAGE_SIZE);
export const blogCardPageSchema = pageSchema(blogCardSchema);

export const articleParams = z.object({ alias: slugSchema });

/** One article: its card, the sanitised HTML and its sources. */
export const articleSchema = z.object({
  alias: z.string(),
  kind: z.enum(['blog', 'lesson']),
  card: blogCardSchema,
  title: z.string(),
  category: courseCategory,
  published: z.string().nullable(),
  minutes: z.number().int(),
  html: z.string(),
  sources: z.array(sourceSchema),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /api/learn/glossary/: every term the lessons teach, A to Z, with where it is taught. */
export const glossaryTermSchema = z.object({
  term: z.string(),
  /** The term's anchor on the glossary page (`/public/glossary#<slug>`). */
  slug: z.string(),
  definition: z.string(),
  /**
   * The first lesson, in catalogue order, that teaches it (bold in its reading): its public
   * page is `/public/lessons/<slug>`.
   */
  lesson: z.object({ slug: z.string(), title: z.string() }).nullable(),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;
export const glossarySchema = z.object({ terms: z.array(glossaryTermSchema) });
export type Glossary = z.infer<typeof glossarySchema>;
