import {
  zogoMessages,
  type CheckAnswerBody,
  type CompleteModuleBody,
  type ModuleCard,
} from '@bullpen/contract/zogo';
import type { TokenClaims } from '../auth/jwt.ts';
import type { Database, Executor } from '../db/connection.ts';
import { badRequest, forbidden, notFound } from '../platform/errors.ts';
import type { PointEntryInput, PointsWritten } from '../points/service.ts';
import type { UserRow } from '../users/presenter.ts';
import { canCompleteWith } from './policies.ts';
import {
  categoriesWithCounts,
  completedAmong,
  completionsInSkills,
  findLiveModule,
  insertCompletion,
  lessonIdsOf,
  liveModules,
  liveSkillsWithCounts,
  type CategoryWithCount,
  type CompletedInSkill,
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

/**
 * POST /api/zogo/modules/{id}/check/: is this one answer right? The explanation comes with a
 * right answer only, so trying every choice is the only way to learn the answer by guessing.
 */
export async function checkAnswer(
  db: Executor,
  moduleId: number,
  body: CheckAnswerBody,
): Promise<{ correct: boolean; explanation: string | null }> {
  const module = await requireLiveModule(db, moduleId);
  const question = questionsOf(module).get(body.question);
  if (!question) throw badRequest({ question: zogoMessages.unknownQuestion });
  if (body.choice >= question.choices.length) throw badRequest({ choice: CHOOSE_AN_ANSWER });
  const correct = body.choice === question.answer;
  return { correct, explanation: correct ? question.explanation : null };
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
 * learn-and-earn token must be this user's, this session's and unexpired (else 403), and every question of the
 * module answered right (else 400). The completion and its ledger entry commit together; the
 * ledger's source `module:<id>` pays a user once, so a resend or 20 at once pay nothing more.
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
  if (!allRight) throw badRequest({ answers: zogoMessages.answerAll });

  return db.transaction(async (tx) => {
    await insertCompletion(tx, { userId: actor.id, moduleId: module.id, points: module.points });
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
