import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { zogoCategories, zogoModuleLessons, zogoModules, zogoSkills } from '../db/schema/zogo.ts';

/**
 * Writes of the module sync (zogo/content-service.ts syncModules): the module files are the
 * source, the rows follow them by slug so ids stay stable for the completions that name them.
 */
export type CategoryRow = typeof zogoCategories.$inferSelect;
export type SkillRow = typeof zogoSkills.$inferSelect;
export type CategoryValues = Omit<typeof zogoCategories.$inferInsert, 'id'>;
export type SkillValues = Omit<typeof zogoSkills.$inferInsert, 'id'>;
export type ModuleValues = Omit<typeof zogoModules.$inferInsert, 'id'>;
/** What the sync needs to know of a stored module: is it there, unchanged, live? */
export type SyncedModule = { id: number; slug: string; hash: string; retiredAt: Date | null };

export async function syncedCategories(db: Executor): Promise<Map<string, CategoryRow>> {
  return new Map((await db.select().from(zogoCategories)).map((row) => [row.slug, row]));
}

export async function syncedSkills(db: Executor): Promise<Map<string, SkillRow>> {
  return new Map((await db.select().from(zogoSkills)).map((row) => [row.slug, row]));
}

export async function syncedModules(db: Executor): Promise<Map<string, SyncedModule>> {
  const rows = await db
    .select({
      id: zogoModules.id,
      slug: zogoModules.slug,
      hash: zogoModules.contentHash,
      retiredAt: zogoModules.retiredAt,
    })
    .from(zogoModules);
  return new Map(rows.map((row) => [row.slug, row]));
}

/** Inserts the category, or rewrites the stored one (`id`); returns its id. */
export async function writeCategory(
  db: Executor,
  values: CategoryValues,
  id?: number,
): Promise<number> {
  if (id !== undefined) {
    await db.update(zogoCategories).set(values).where(eq(zogoCategories.id, id));
    return id;
  }
  const [row] = await db.insert(zogoCategories).values(values).returning({ id: zogoCategories.id });
  return row!.id;
}

/** Inserts the skill, or rewrites the stored one (`id`); returns its id. */
export async function writeSkill(db: Executor, values: SkillValues, id?: number): Promise<number> {
  if (id !== undefined) {
    await db.update(zogoSkills).set(values).where(eq(zogoSkills.id, id));
    return id;
  }
  const [row] = await db.insert(zogoSkills).values(values).returning({ id: zogoSkills.id });
  return row!.id;
}

/**
 * Inserts the module, or rewrites the stored one (`id`), with exactly the given lessons linked;
 * returns its id.
 */
export async function writeModule(
  db: Executor,
  values: ModuleValues,
  lessonIds: number[],
  id?: number,
): Promise<number> {
  let moduleId: number;
  if (id !== undefined) {
    moduleId = id;
    await db.update(zogoModules).set(values).where(eq(zogoModules.id, moduleId));
    await db.delete(zogoModuleLessons).where(eq(zogoModuleLessons.moduleId, moduleId));
  } else {
    const [row] = await db.insert(zogoModules).values(values).returning({ id: zogoModules.id });
    moduleId = row!.id;
  }
  if (lessonIds.length > 0) {
    await db
      .insert(zogoModuleLessons)
      .values(lessonIds.map((lessonId) => ({ moduleId, lessonId })));
  }
  return moduleId;
}

/**
 * Retires the live modules and skills the files no longer hold: hidden, their completions kept.
 * Returns how many rows were retired.
 */
export async function retireAllBut(
  db: Executor,
  live: { moduleIds: number[]; skillIds: number[] },
  now: Date,
): Promise<number> {
  const retiredModules = await db
    .update(zogoModules)
    .set({ retiredAt: now })
    .where(
      and(
        isNull(zogoModules.retiredAt),
        live.moduleIds.length > 0 ? notInArray(zogoModules.id, live.moduleIds) : undefined,
      ),
    )
    .returning({ id: zogoModules.id });
  const retiredSkills = await db
    .update(zogoSkills)
    .set({ retiredAt: now })
    .where(
      and(
        isNull(zogoSkills.retiredAt),
        live.skillIds.length > 0 ? notInArray(zogoSkills.id, live.skillIds) : undefined,
      ),
    )
    .returning({ id: zogoSkills.id });
  return retiredModules.length + retiredSkills.length;
}
