import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { moduleImageSrc } from '@bullpen/contract/zogo';
import type { Executor } from '../db/connection.ts';
import {
  zogoCardStarts,
  zogoCategories,
  zogoCheckWindows,
  zogoCompletions,
  zogoDailyPoints,
  zogoModuleLessons,
  zogoModules,
  zogoSkills,
} from '../db/schema/zogo.ts';

/**
 * Reads and writes of the learn-and-earn tables (the start-up sync writes them in
 * content-service.ts). Only live modules and skills (not retired) are listed or found by id;
 * completions are always of one user.
 */
export type CategoryRow = typeof zogoCategories.$inferSelect;
export type SkillRow = typeof zogoSkills.$inferSelect;
export type ModuleRow = typeof zogoModules.$inferSelect;
export type CompletionRow = typeof zogoCompletions.$inferSelect;

const liveModule = isNull(zogoModules.retiredAt);

/** Live modules of a category or a skill, as a column of its query. */
const modulesOfCategory = sql<number>`(
  select count(*)::int from ${zogoModules} as live
  where live.category_id = ${zogoCategories}.id and live.retired_at is null
)`;
const modulesOfSkill = sql<number>`(
  select count(*)::int from ${zogoModules} as live
  where live.skill_id = ${zogoSkills}.id and live.retired_at is null
)`;

export type CategoryWithCount = CategoryRow & { moduleCount: number };
export type SkillWithCount = SkillRow & { moduleCount: number };

export async function categoriesWithCounts(db: Executor): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({ category: zogoCategories, moduleCount: modulesOfCategory })
    .from(zogoCategories)
    .orderBy(asc(zogoCategories.position), asc(zogoCategories.id));
  return rows.map(({ category, moduleCount }) => ({ ...category, moduleCount }));
}

export async function liveSkillsWithCounts(db: Executor): Promise<SkillWithCount[]> {
  const rows = await db
    .select({ skill: zogoSkills, moduleCount: modulesOfSkill })
    .from(zogoSkills)
    .innerJoin(zogoCategories, eq(zogoCategories.id, zogoSkills.categoryId))
    .where(isNull(zogoSkills.retiredAt))
    .orderBy(asc(zogoCategories.position), asc(zogoSkills.position), asc(zogoSkills.id));
  return rows.map(({ skill, moduleCount }) => ({ ...skill, moduleCount }));
}

/** Live modules in catalogue order (category, then the file's order), optionally filtered. */
export async function liveModules(
  db: Executor,
  filter: { categoryId?: number; skillId?: number } = {},
): Promise<ModuleRow[]> {
  const rows = await db
    .select({ module: zogoModules })
    .from(zogoModules)
    .innerJoin(zogoCategories, eq(zogoCategories.id, zogoModules.categoryId))
    .where(
      and(
        liveModule,
        filter.categoryId === undefined ? undefined : eq(zogoModules.categoryId, filter.categoryId),
        filter.skillId === undefined ? undefined : eq(zogoModules.skillId, filter.skillId),
      ),
    )
    .orderBy(asc(zogoCategories.position), asc(zogoModules.position), asc(zogoModules.id));
  return rows.map((row) => row.module);
}

export async function findLiveModule(db: Executor, id: number): Promise<ModuleRow | null> {
  const [row] = await db
    .select()
    .from(zogoModules)
    .where(and(eq(zogoModules.id, id), liveModule));
  return row ?? null;
}

/** The lesson ids each module goes with, by module id (ascending). */
export async function lessonIdsOf(
  db: Executor,
  moduleIds: number[],
): Promise<Map<number, number[]>> {
  const lessons = new Map<number, number[]>(moduleIds.map((id) => [id, []]));
  if (moduleIds.length === 0) return lessons;
  const rows = await db
    .select()
    .from(zogoModuleLessons)
    .where(inArray(zogoModuleLessons.moduleId, moduleIds))
    .orderBy(asc(zogoModuleLessons.moduleId), asc(zogoModuleLessons.lessonId));
  for (const row of rows) lessons.get(row.moduleId)?.push(row.lessonId);
  return lessons;
}

/** Which of these modules one user has completed. */
export async function completedAmong(
  db: Executor,
  userId: number,
  moduleIds: number[],
): Promise<Set<number>> {
  if (moduleIds.length === 0) return new Set();
  const rows = await db
    .select({ moduleId: zogoCompletions.moduleId })
    .from(zogoCompletions)
    .where(and(eq(zogoCompletions.userId, userId), inArray(zogoCompletions.moduleId, moduleIds)));
  return new Set(rows.map((row) => row.moduleId));
}

/**
 * Records that a user finished a module, once: the new row, or null when it was already there
 * (a concurrent second insert waits on the primary key, then does nothing).
 */
export async function insertCompletion(
  db: Executor,
  completion: { userId: number; moduleId: number; points: number },
): Promise<CompletionRow | null> {
  const [row] = await db
    .insert(zogoCompletions)
    .values(completion)
    .onConflictDoNothing({ target: [zogoCompletions.userId, zogoCompletions.moduleId] })
    .returning();
  return row ?? null;
}

export type CompletedInSkill = CompletionRow & { skillId: number };

/** One user's completions of live modules in these skills, oldest first. */
export async function completionsInSkills(
  db: Executor,
  userId: number,
  skillIds: number[],
): Promise<CompletedInSkill[]> {
  if (skillIds.length === 0) return [];
  const rows = await db
    .select({ completion: zogoCompletions, skillId: zogoModules.skillId })
    .from(zogoCompletions)
    .innerJoin(zogoModules, eq(zogoModules.id, zogoCompletions.moduleId))
    .where(
      and(eq(zogoCompletions.userId, userId), inArray(zogoModules.skillId, skillIds), liveModule),
    )
    .orderBy(asc(zogoCompletions.completedAt), asc(zogoCompletions.moduleId));
  return rows.map(({ completion, skillId }) => ({ ...completion, skillId }));
}

export type LinkedModule = { id: number; name: string; imgSrc: string; completed: boolean };

/**
 * For learn (a lesson's `completed-modules`, spec section 7): the live modules that go with a
 * lesson, in catalogue order, each marked when this user completed it.
 */
export async function modulesOfLesson(
  db: Executor,
  lessonId: number,
  userId: number,
): Promise<LinkedModule[]> {
  const rows = await db
    .select({
      id: zogoModules.id,
      name: zogoModules.name,
      image: zogoModules.image,
      completedAt: zogoCompletions.completedAt,
    })
    .from(zogoModuleLessons)
    .innerJoin(zogoModules, eq(zogoModules.id, zogoModuleLessons.moduleId))
    .innerJoin(zogoCategories, eq(zogoCategories.id, zogoModules.categoryId))
    .leftJoin(
      zogoCompletions,
      and(eq(zogoCompletions.moduleId, zogoModules.id), eq(zogoCompletions.userId, userId)),
    )
    .where(and(eq(zogoModuleLessons.lessonId, lessonId), liveModule))
    .orderBy(asc(zogoCategories.position), asc(zogoModules.position), asc(zogoModules.id));
  return rows.map(({ id, name, image, completedAt }) => ({
    id,
    name,
    imgSrc: moduleImageSrc(image),
    completed: completedAt !== null,
  }));
}

/** The first time this card was served to this user: the stored one, else now. */
export async function startCard(
  db: Executor,
  start: { userId: number; moduleId: number; card: number; now: Date },
): Promise<Date> {
  const { userId, moduleId, card, now } = start;
  await db
    .insert(zogoCardStarts)
    .values({ userId, moduleId, card, startedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ startedAt: zogoCardStarts.startedAt })
    .from(zogoCardStarts)
    .where(
      and(
        eq(zogoCardStarts.userId, userId),
        eq(zogoCardStarts.moduleId, moduleId),
        eq(zogoCardStarts.card, card),
      ),
    );
  return row?.startedAt ?? now;
}

/** When each card of a module was first served to a user, by position. */
export async function cardStartsOf(
  db: Executor,
  userId: number,
  moduleId: number,
): Promise<Map<number, Date>> {
  const rows = await db
    .select({ card: zogoCardStarts.card, startedAt: zogoCardStarts.startedAt })
    .from(zogoCardStarts)
    .where(and(eq(zogoCardStarts.userId, userId), eq(zogoCardStarts.moduleId, moduleId)));
  return new Map(rows.map((row) => [row.card, row.startedAt]));
}

/**
 * Spends one answer check on a served card, in one statement (concurrent checks all count):
 * true when it was spent, false when the card was never served or its checks are used up.
 */
export async function spendCardCheck(
  db: Executor,
  check: { userId: number; moduleId: number; card: number; limit: number },
): Promise<boolean> {
  const rows = await db
    .update(zogoCardStarts)
    .set({ checks: sql`${zogoCardStarts.checks} + 1` })
    .where(
      and(
        eq(zogoCardStarts.userId, check.userId),
        eq(zogoCardStarts.moduleId, check.moduleId),
        eq(zogoCardStarts.card, check.card),
        sql`${zogoCardStarts.checks} < ${check.limit}`,
      ),
    )
    .returning({ checks: zogoCardStarts.checks });
  return rows.length > 0;
}

/**
 * Counts one check in the user's one-minute window, in one statement: a window older than a
 * minute starts again at now. Answers the window's start and its count including this one.
 */
export async function countCheck(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ windowStart: Date; checks: number }> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${zogoCheckWindows.windowStart} <= ${nowAt} - interval '1 minute'`;
  const [row] = await db
    .insert(zogoCheckWindows)
    .values({ userId, windowStart: now, checks: 1 })
    .onConflictDoUpdate({
      target: zogoCheckWindows.userId,
      set: {
        windowStart: sql`case when ${expired} then ${nowAt} else ${zogoCheckWindows.windowStart} end`,
        checks: sql`case when ${expired} then 1 else ${zogoCheckWindows.checks} + 1 end`,
      },
    })
    .returning({ windowStart: zogoCheckWindows.windowStart, checks: zogoCheckWindows.checks });
  return row!;
}

/**
 * Adds module points to a user's tally of one day unless that would pass the cap, in one
 * statement whose row lock makes concurrent completions take turns: the new total, or null
 * when the cap refused them.
 */
export async function addDailyPoints(
  db: Executor,
  tally: { userId: number; day: string; points: number; cap: number },
): Promise<number | null> {
  if (tally.points > tally.cap) return null;
  const [row] = await db
    .insert(zogoDailyPoints)
    .values({ userId: tally.userId, day: tally.day, points: tally.points })
    .onConflictDoUpdate({
      target: [zogoDailyPoints.userId, zogoDailyPoints.day],
      set: { points: sql`${zogoDailyPoints.points} + ${tally.points}` },
      setWhere: sql`${zogoDailyPoints.points} + ${tally.points} <= ${tally.cap}`,
    })
    .returning({ points: zogoDailyPoints.points });
  return row?.points ?? null;
}

/** Module points a user earned on one day. */
export async function dailyPointsOf(db: Executor, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ points: zogoDailyPoints.points })
    .from(zogoDailyPoints)
    .where(and(eq(zogoDailyPoints.userId, userId), eq(zogoDailyPoints.day, day)));
  return row?.points ?? 0;
}

/** The learn-and-earn modules the user completed, for "download my data". */
export async function exportCompletionsOf(db: Executor, userId: number) {
  return db
    .select({
      module_id: zogoCompletions.moduleId,
      module_name: zogoModules.name,
      points: zogoCompletions.points,
      completed_at: zogoCompletions.completedAt,
    })
    .from(zogoCompletions)
    .innerJoin(zogoModules, eq(zogoModules.id, zogoCompletions.moduleId))
    .where(eq(zogoCompletions.userId, userId))
    .orderBy(asc(zogoCompletions.completedAt));
}

/**
 * The retention job's sweep (privacy/retention.ts): check windows over for more than a minute
 * count for nothing (countCheck starts a new one); how many went.
 */
export async function deleteEndedCheckWindows(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(zogoCheckWindows)
    .where(
      sql`${zogoCheckWindows.windowStart} <= ${now.toISOString()}::timestamptz - interval '1 minute'`,
    )
    .returning({ userId: zogoCheckWindows.userId });
  return deleted.length;
}
