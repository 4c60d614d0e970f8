import { z } from 'zod';
import { uniqueBy, uniqueItems } from './forms.ts';
import { idField } from './input.ts';
import { moduleSubjects, slugSchema } from './learn.ts';

/**
 * Learn and earn (spec section 7 "Zogo", section 2 `/learn-and-earn`): short modules of reading
 * cards and questions, one skill and one category each, that pay their points once per user.
 * Bullpen is its own provider: the modules are files in `content/modules/` (format in
 * `content/modules/README.md`), parsed by the file schemas below.
 */

/** The categories: the courses' subjects that have modules (managing risk has none yet). */
export const moduleCategories = moduleSubjects;
export type ModuleCategory = (typeof moduleCategories)[number];
const moduleCategory = z.enum(moduleCategories);

/** The illustrations a module may use (`apps/web/public/modules/<image>.svg`). */
export const MODULE_IMAGES = [
  'piggy-bank',
  'paycheck',
  'budget',
  'bank',
  'card',
  'chart',
  'market',
  'shield',
  'briefcase',
  'cart',
  'goal',
  'coins',
] as const;
export const moduleImage = z.enum(MODULE_IMAGES);
export type ModuleImage = z.infer<typeof moduleImage>;
export const moduleImageSrc = (image: ModuleImage) => `/modules/${image}.svg`;

export const MODULE_CARDS_MIN = 4;
export const MODULE_CARDS_MAX = 8;
export const MODULE_QUESTIONS_MIN = 2;
export const MODULE_READS_MIN = 2;
export const MODULE_POINTS_MIN = 10;
export const MODULE_POINTS_MAX = 50;
/** How long a learn-and-earn token (`GET /api/auth/zogo-token/`) is good for. */
export const ZOGO_TOKEN_TTL_SECONDS = 60 * 60;
/**
 * Pacing (docs/decisions/029-paced-learn-and-earn-and-quiz-retries.md): a module pays only
 * once every card was served and this many seconds per card have passed since the first.
 */
export const ZOGO_SECONDS_PER_CARD = 5;
/**
 * Answer checks a user may spend on one question of a module, ever: every choice of the
 * largest question once, and one slip, so nobody is stuck and nobody gets an endless oracle.
 */
export const ZOGO_CHECKS_PER_QUESTION = 5;
/** Answer checks (and wrong finishes) a user may send in one minute. */
export const ZOGO_CHECKS_PER_MINUTE = 20;
/** Points a student may earn from modules in one day (UTC). */
export const ZOGO_DAILY_POINTS_CAP = 150;

// ---------------------------------------------------------------------------------------------
// Content files

const cardText = z.string().trim().min(20).max(420);

export const readCardFileSchema = z.strictObject({
  type: z.literal('read'),
  title: z.string().trim().min(3).max(80),
  /** Plain text; `**bold**` is the only markup. */
  text: cardText,
});

export const questionCardFileSchema = z
  .strictObject({
    type: z.literal('question'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A question id is lower-case words joined by hyphens.')
      .max(60),
    question: z.string().trim().min(8).max(240),
    choices: z.array(z.string().trim().min(1).max(120)).min(2).max(4),
    /** Index of the right choice, from 0. */
    answer: z.number().int().min(0),
    explanation: z.string().trim().min(8).max(300),
  })
  .refine((card) => card.answer < card.choices.length, {
    message: 'answer is the index of one of the choices.',
    path: ['answer'],
  });

export const moduleCardFileSchema = z.discriminatedUnion('type', [
  readCardFileSchema,
  questionCardFileSchema,
]);
export type ModuleCard = z.infer<typeof moduleCardFileSchema>;

export const skillFileSchema = z.strictObject({
  slug: slugSchema,
  name: z.string().trim().min(3).max(60),
  category: moduleCategory,
});
export const skillsFileSchema = z.array(skillFileSchema).min(1);
export type SkillFile = z.infer<typeof skillFileSchema>;

export const moduleFileSchema = z
  .strictObject({
    slug: slugSchema,
    name: z.string().trim().min(3).max(60),
    skill: slugSchema,
    /** The folder's name: one of the module categories. */
    category: moduleCategory,
    points: z.number().int().min(MODULE_POINTS_MIN).max(MODULE_POINTS_MAX),
    image: moduleImage,
    minutes: z.number().int().min(1).max(10),
    /** Slugs of the lessons this module goes with (their `completed-modules` list shows it). */
    lessons: z.array(slugSchema).default([]),
    cards: z.array(moduleCardFileSchema).min(MODULE_CARDS_MIN).max(MODULE_CARDS_MAX),
  })
  .refine(
    (module) =>
      module.cards.filter((card) => card.type === 'question').length >= MODULE_QUESTIONS_MIN,
    {
      message: `A module asks at least ${MODULE_QUESTIONS_MIN} questions.`,
      path: ['cards'],
    },
  )
  .refine(
    (module) => module.cards.filter((card) => card.type === 'read').length >= MODULE_READS_MIN,
    {
      message: `A module has at least ${MODULE_READS_MIN} reading cards.`,
      path: ['cards'],
    },
  );
export type ModuleFile = z.infer<typeof moduleFileSchema>;

// ---------------------------------------------------------------------------------------------
// API

export const zogoCategorySchema = z.object({
  id: z.number().int(),
  slug: z.enum(moduleCategories),
  name: z.string(),
  module_count: z.number().int(),
});
export type ZogoCategory = z.infer<typeof zogoCategorySchema>;

export const zogoSkillSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.number().int(),
  module_count: z.number().int(),
});
export type ZogoSkill = z.infer<typeof zogoSkillSchema>;

/** A module in the catalogue (`GET /api/zogo/modules/`), marked when this user completed it. */
export const zogoModuleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.number().int(),
  skill: z.number().int(),
  points: z.number().int(),
  imgSrc: z.string(),
  minutes: z.number().int(),
  /** Ids of the lessons it goes with. */
  lessons: z.array(z.number().int()),
  completed: z.boolean(),
});
export type ZogoModule = z.infer<typeof zogoModuleSchema>;

export const zogoModulesQuery = z.object({
  category: idField.optional(),
  skill: idField.optional(),
});

/** A card as the player shows it: a question comes without its answer. */
export const playerCardSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('read'), title: z.string(), text: z.string() }),
  z.object({
    type: z.literal('question'),
    id: z.string(),
    question: z.string(),
    choices: z.array(z.string()),
  }),
]);
export type PlayerCard = z.infer<typeof playerCardSchema>;

/** `GET /api/zogo/modules/{id}/` (ours): one module with its cards. */
export const zogoModuleDetailSchema = zogoModuleSchema.extend({
  cards: z.array(playerCardSchema),
});
export type ZogoModuleDetail = z.infer<typeof zogoModuleDetailSchema>;

export const zogoModuleParams = z.object({ id: idField });

const UNKNOWN_CARD = 'Not a card of this module.';

/** A card of a module by its position, from 0. */
export const zogoCardParams = z.object({
  id: idField,
  card: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value),
    z
      .number({ error: UNKNOWN_CARD })
      .int(UNKNOWN_CARD)
      .min(0, UNKNOWN_CARD)
      .max(MODULE_CARDS_MAX - 1, UNKNOWN_CARD),
  ),
});

/** `POST /api/zogo/modules/{id}/cards/{card}/start/` (ours): when this card was first served. */
export const cardStartSchema = z.object({
  module: z.number().int(),
  card: z.number().int(),
  started_at: z.string(),
});
export type CardStart = z.infer<typeof cardStartSchema>;

/** `GET /api/zogo/today/` (ours): module points earned today against the daily cap. */
export const zogoTodaySchema = z.object({
  points_today: z.number().int(),
  daily_cap: z.number().int(),
});
export type ZogoToday = z.infer<typeof zogoTodaySchema>;

const answerField = z.object({
  question: z.string({ error: 'Say which question.' }).min(1).max(60),
  choice: z
    .number({ error: 'Choose an answer.' })
    .int('Choose an answer.')
    .min(0, 'Choose an answer.')
    .max(9, 'Choose an answer.'),
});

/** `POST /api/zogo/modules/{id}/check/` (ours): is this one answer right? */
export const checkAnswerBody = z.strictObject(answerField.shape);
export type CheckAnswerBody = z.infer<typeof checkAnswerBody>;
export const checkAnswerSchema = z.object({
  correct: z.boolean(),
  /** Given with a right answer only, so guessing does not reveal it. */
  explanation: z.string().nullable(),
});
export type CheckAnswer = z.infer<typeof checkAnswerSchema>;

export const zogoMessages = {
  answerAll: 'Answer every question correctly to finish the module.',
  unknownQuestion: 'This module has no such question.',
  token: 'Your learn-and-earn session has expired. Open the module again.',
  skillsUnique: 'Each skill can be listed once.',
  unknownCard: UNKNOWN_CARD,
  notPlayed: 'Play every card of the module before finishing it.',
  tooFast: (seconds: number) =>
    `Take your time with the cards: you can finish this module in ${seconds} seconds.`,
  checksUsed: 'You have used every check for this question.',
  checksPerMinute: (seconds: number) =>
    `Too many answers checked in a minute. Please wait ${seconds} seconds and try again.`,
  dailyCap: (cap: number) =>
    `This module would take you past today's limit of ${cap} points from modules. Finish it tomorrow.`,
} as const;

/** `PUT /api/points/points/zogo/`: a finished module, with the widget's token. */
export const completeModuleBody = z.strictObject({
  module: idField,
  answers: z.array(answerField).min(1).max(20).check(uniqueBy('question', zogoMessages.answerAll)),
  zogo_token: z.string({ error: zogoMessages.token }).min(1, zogoMessages.token).max(2000),
});
export type CompleteModuleBody = z.infer<typeof completeModuleBody>;

export const completeModuleSchema = z.object({
  module: z.number().int(),
  /** What this call paid: the module's points the first time, 0 after. */
  points_awarded: z.number().int(),
  available_points: z.number().int(),
  completed: z.literal(true),
});
export type CompleteModule = z.infer<typeof completeModuleSchema>;

/** `POST /api/zogo/completed-modules/by-skills/`: payload `skills`, unique skill ids. */
export const completedBySkillsBody = z.strictObject({
  skills: z.array(idField).min(1).max(200).check(uniqueItems(zogoMessages.skillsUnique)),
});
export type CompletedBySkillsBody = z.infer<typeof completedBySkillsBody>;

export const completedModuleSchema = z.object({
  module: z.number().int(),
  skill: z.number().int(),
  points: z.number().int(),
  completed_at: z.string(),
});
export const completedModuleListSchema = z.array(completedModuleSchema);
export type CompletedModule = z.infer<typeof completedModuleSchema>;

/** `GET /api/auth/zogo-token/`: spec section 7, stored under the `zogo` key. */
export const zogoTokenSchema = z.object({ zogo_token: z.string() });
export type ZogoToken = z.infer<typeof zogoTokenSchema>;
