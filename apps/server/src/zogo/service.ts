import {
  ZOGO_CHECKS_PER_MINUTE,
  ZOGO_CHECKS_PER_QUESTION,
  ZOGO_DAILY_POINTS_CAP,
  ZOGO_SECONDS_PER_CARD,
  zogoMessages,
  type CheckAnswerBody,
  type CompleteModuleBody,
  type ModuleCard,
} from '@bullpen/contract/zogo';
import type { TokenClaims } from '../auth/jwt.ts';
import type { Database, Executor } from '../db/connection.ts';
import { requireLiveLesson } from '../learn/service.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../platform/errors.ts';
import type { PointEntryInput, PointsWritten } from '../points/service.ts';
import type { UserRow } from '../users/presenter.ts';
import { canCompleteWith } from './policies.ts';
import {
  addDailyPoints,
  cardStartsOf,
  categoriesWithCounts,
  completedAmong,
  completionsInSkills,
  countCheck,
  dailyPointsOf,
  findLiveModule,
  insertCompletion,
  spendCardCheck,
  startCard,
  lessonIdsOf,
  liveModules,
  liveSkillsWithCounts,
  modulesOfLesson,
  type CategoryWithCount,
  type CompletedInSkill,
  type LinkedModule,
  type ModuleRow,
  type SkillWithCount,
} from './queries.ts';
import { readZogoToken, signZogoToken } from './token.ts';

/** Learn and earn (spec section 7 "Zogo"): the catalogue, the player's checks, completions. */

const MODULE_NOT_FOUND = 'Module not found.';
const CHOOSE_AN_ANSWER = 'Choose an answer.';

export async function categoryList(db: Executor): Promise<CategoryWithCount[]> {
  return categoriesWithCounts(db);
}

export async function skillList(db: Executor): Promise<SkillWithCount[]> {
  return liveSkillsWithCounts(db);
}

export type ModuleView = { module: ModuleRow; lessons: number[]; completed: boolean };

/** The live modules (of a category, of a skill), each marked when this user completed it. */
export async function moduleList(
  db: Executor,
  actor: UserRow,
  filter: { category?: number; skill?: number },
): Promise<ModuleView[]> {
  const modules = await liveModules(db, { categoryId: filter.category, skillId: filter.skill });
  const ids = modules.map((module) => module.id);
  const [lessons, completed] = await Promise.all([
    lessonIdsOf(db, ids),
    completedAmong(db, actor.id, ids),
  ]);
  return modules.map((module) => ({
    module,
    lessons: lessons.get(module.id) ?? [],
    completed: completed.has(module.id),
  }));
}

export async function requireLiveModule(db: Executor, id: number): Promise<ModuleRow> {
  const module = await findLiveModule(db, id);
  if (!module) throw notFound(MODULE_NOT_FOUND);
  return module;
}

export async function moduleView(db: Executor, actor: UserRow, id: number): Promise<ModuleView> {
  const module = await requireLiveModule(db, id);
  const [lessons, completed] = await Promise.all([
    lessonIdsOf(db, [module.id]),
    completedAmong(db, actor.id, [module.id]),
  ]);
  return { module, lessons: lessons.get(module.id) ?? [], completed: completed.has(module.id) };
}

type QuestionCard = Extract<ModuleCard, { type: 'question' }>;

function questionsOf(module: ModuleRow): Map<string, QuestionCard> {
  return new Map(
    module.cards
      .filter((card): card is QuestionCard => card.type === 'question')
      .map((card) => [card.id, card]),
  );
}

/** The day the daily cap counts in: the UTC date, the same for every server process. */
function capDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * POST /api/zogo/modules/{id}/cards/{card}/start/: the player shows this card now. The first
 * time is kept; showing it again changes nothing, so going back never resets the pace.
 */
export async function startModuleCard(
  db: Executor,
  actor: UserRow,
  moduleId: number,
  card: number,
  now: Date,
): Promise<{ moduleId: number; card: number; startedAt: Date }> {
  const module = await requireLiveModule(db, moduleId);
  if (card >= module.cards.length) throw badRequest({ card: zogoMessages.unknownCard });
  const startedAt = await startCard(db, { userId: actor.id, moduleId: module.id, card, now });
  return { moduleId: module.id, card, startedAt };
}

/** One answer check (or wrong finish) against the user's per-minute limit, else 429 with the wait. */
async function spendMinuteCheck(db: Executor, userId: number, now: Date): Promise<void> {
  const { windowStart, checks } = await countCheck(db, userId, now);
  if (checks <= ZOGO_CHECKS_PER_MINUTE) return;
  const waitMs = windowStart.getTime() + 60_000 - now.getTime();
  throw tooManyRequests(zogoMessages.checksPerMinute(Math.max(1, Math.ceil(waitMs / 1000))));
}

/**
 * POST /api/zogo/modules/{id}/check/: is this one answer right? The explanation comes with a
 * right answer only. A question is checked only once its card was served, a few times at most
 * (ZOGO_CHECKS_PER_QUESTION), and within the user's per-minute limit: no unlimited oracle.
 */
export async function checkAnswer(
  db: Executor,
  actor: UserRow,
  moduleId: number,
  body: CheckAnswerBody,
  now: Date,
): Promise<{ correct: boolean; explanation: string | null }> {
  const module = await requireLiveModule(db, moduleId);
  const card = module.cards.findIndex(
    (candidate) => candidate.type === 'question' && candidate.id === body.question,
  );
  const question = module.cards[card];
  if (!question || question.type !== 'question') {
    throw badRequest({ question: zogoMessages.unknownQuestion });
  }
  if (body.choice >= question.choices.length) throw badRequest({ choice: CHOOSE_AN_ANSWER });
  await spendMinuteCheck(db, actor.id, now);
  const spent = await spendCardCheck(db, {
    userId: actor.id,
    moduleId: module.id,
    card,
    limit: ZOGO_CHECKS_PER_QUESTION,
  });
  if (!spent) {
    const served = (await cardStartsOf(db, actor.id, module.id)).has(card);
    throw served ? tooManyRequests(zogoMessages.checksUsed) : badRequest(zogoMessages.notPlayed);
  }
  const correct = body.choice === question.answer;
  return { correct, explanation: correct ? question.explanation : null };
}

/**
 * A module is paid only when every card was served and ZOGO_SECONDS_PER_CARD per card have
 * passed since the first was: else 400, with the seconds still to go.
 */
async function requirePaced(db: Executor, actor: UserRow, module: ModuleRow, now: Date) {
  const starts = await cardStartsOf(db, actor.id, module.id);
  const times = module.cards.map((_, card) => starts.get(card)?.getTime());
  if (times.some((time) => time === undefined)) throw badRequest(zogoMessages.notPlayed);
  const first = Math.min(...(times as number[]));
  const readyAt = first + module.cards.length * ZOGO_SECONDS_PER_CARD * 1000;
  if (now.getTime() < readyAt) {
    throw badRequest(zogoMessages.tooFast(Math.ceil((readyAt - now.getTime()) / 1000)));
  }
}

/** GET /api/zogo/today/: the module points this user earned today, against the daily cap. */
export async function pointsToday(
  db: Executor,
  actor: UserRow,
  now: Date,
): Promise<{ pointsToday: number; dailyCap: number }> {
  return {
    pointsToday: await dailyPointsOf(db, actor.id, capDay(now)),
    dailyCap: ZOGO_DAILY_POINTS_CAP,
  };
}

/** The ledger's writer as the points domain hands it out (`app.points`). */
export type PointsWriter = {
  write: (tx: Executor, entries: PointEntryInput[]) => Promise<PointsWritten>;
};

/**
 * GET /api/auth/zogo-token/: a learn-and-earn token for this user and this session, for an
 * hour or until the session expires, whichever comes first.
 */
export async function issueZogoToken(
  key: Uint8Array,
  actor: UserRow,
  session: TokenClaims,
  now: Date,
): Promise<string> {
  return signZogoToken(
    key,
    { userId: actor.id, tokenVersion: actor.tokenVersion, sessionId: session.tokenId },
    session.expiresAt,
    now,
  );
}

export type ModuleCompletion = {
  moduleId: number;
  pointsAwarded: number;
  availablePoints: number;
  /** For the caller to announce after the commit. */
  pointsWritten: PointsWritten;
};

/**
 * PUT /api/points/points/zogo/: a finished module pays its points once per user. The
 * learn-and-earn token must be this user's, this session's and unexpired (else 403), every
 * question answered right (else 400; a wrong finish counts as an answer check) and the cards
 * played at a plausible pace (else 400). The completion, the day's tally under the daily cap
 * (else 409, nothing recorded) and the ledger entry commit together; the ledger's source
 * `module:<id>` pays a user once, so a resend or 20 at once pay nothing more.
 */
export async function awardModulePoints(
  db: Database,
  ledger: PointsWriter,
  tokenKey: Uint8Array,
  actor: UserRow,
  session: TokenClaims | null,
  body: CompleteModuleBody,
  now: Date,
): Promise<ModuleCompletion> {
  const claims = await readZogoToken(tokenKey, body.zogo_token, now);
  if (!canCompleteWith(actor, session, claims)) throw forbidden(zogoMessages.token);
  const module = await requireLiveModule(db, body.module);
  const questions = questionsOf(module);
  const given = new Map(body.answers.map((answer) => [answer.question, answer.choice]));
  if ([...given.keys()].some((id) => !questions.has(id))) {
    throw badRequest({ answers: zogoMessages.unknownQuestion });
  }
  const allRight = [...questions.values()].every((card) => given.get(card.id) === card.answer);
  if (!allRight) {
    await spendMinuteCheck(db, actor.id, now);
    throw badRequest({ answers: zogoMessages.answerAll });
  }
  await requirePaced(db, actor, module, now);

  return db.transaction(async (tx) => {
    const completion = await insertCompletion(tx, {
      userId: actor.id,
      moduleId: module.id,
      points: module.points,
    });
    if (completion) {
      const tally = await addDailyPoints(tx, {
        userId: actor.id,
        day: capDay(now),
        points: module.points,
        cap: ZOGO_DAILY_POINTS_CAP,
      });
      if (tally === null) throw conflict(zogoMessages.dailyCap(ZOGO_DAILY_POINTS_CAP));
    }
    const pointsWritten = await ledger.write(tx, [
      {
        userId: actor.id,
        points: module.points,
        reason: 'module',
        source: `module:${module.id}`,
        note: module.name,
      },
    ]);
    return {
      moduleId: module.id,
      pointsAwarded: pointsWritten.written.length > 0 ? module.points : 0,
      // The ledger answers the balance of every user it was given, paid now or not.
      availablePoints: pointsWritten.balances.get(actor.id) ?? 0,
      pointsWritten,
    };
  });
}

/** POST /api/zogo/completed-modules/by-skills/: this user's completed modules in these skills. */
export async function completedInSkills(
  db: Executor,
  actor: UserRow,
  skillIds: number[],
): Promise<CompletedInSkill[]> {
  return completionsInSkills(db, actor.id, skillIds);
}

/**
 * GET /api/learn/lessons/{id}/completed-modules/: the live learn-and-earn modules that go with
 * a lesson, each marked when this user completed it. The route sits under learn's path, but
 * the modules are this domain's, and zogo may ask learn for the lesson (never the reverse).
 */
export async function lessonModules(
  db: Executor,
  actor: UserRow,
  lessonId: number,
): Promise<LinkedModule[]> {
  const { lesson } = await requireLiveLesson(db, lessonId);
  return modulesOfLesson(db, lesson.id, actor.id);
}
