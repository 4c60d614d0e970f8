import { createHash } from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { moduleCategories, type ModuleCategory } from '@bullpen/contract/zogo';
import type { Database, Executor } from '../db/connection.ts';
import { zogoCategories, zogoModuleLessons, zogoModules, zogoSkills } from '../db/schema/zogo.ts';
import { checkOnce } from '../platform/content-checks.ts';
import { ContentError } from '../platform/content-files.ts';
import { checkModules } from './content-check.ts';
import { readModules, type ModulesSource } from './content-files.ts';

/**
 * Start-up: the module files → the database. Categories, skills and modules are upserted by
 * slug so their ids stay stable for the completions that name them; a module or skill whose
 * file entry is gone is retired (hidden, completions kept) and comes back with its id.
 */

/** The categories' names, in the catalogue's order (the web app's words for the courses). */
export const categoryNames: Record<ModuleCategory, string> = {
  earning: 'Earning and income',
  budgeting: 'Budgeting',
  saving: 'Saving',
  banking: 'Banking',
  credit: 'Credit and debt',
  investing: 'Investing',
  markets: 'The stock market',
  consumer: 'Consumer skills',
  careers: 'Careers',
};

/** Any number for the advisory lock that lets one server process sync the modules at a time. */
const SYNC_LOCK_KEY = 727_012;

export type ModulesSyncSummary = {
  categories: number;
  skills: number;
  modules: number;
  written: number;
  unchanged: number;
  retired: number;
};

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Reads and checks the modules in `root` against the lessons that exist (slug → id); throws
 * ContentError with every problem, so the server refuses to start rather than serve a broken
 * module.
 */
export function loadModules(root: string, lessonSlugs: ReadonlySet<string>): ModulesSource {
  const source = readModules(root);
  assertModules(source, lessonSlugs);
  return source;
}

function assertModules(source: ModulesSource, lessonSlugs: ReadonlySet<string>): void {
  const report = checkModules(source, lessonSlugs);
  if (report.problems.length > 0) throw new ContentError(report.problems);
}

/** `loadModules` at start-up: a build that passed these very files before skips the check. */
export async function loadModulesOnce(
  db: Executor,
  root: string,
  lessonSlugs: ReadonlySet<string>,
): Promise<ModulesSource> {
  const source = readModules(root);
  await checkOnce(db, 'modules', { source, lessons: [...lessonSlugs].sort() }, () =>
    assertModules(source, lessonSlugs),
  );
  return source;
}

/**
 * Upserts the categories, skills, modules and module↔lesson links in one transaction; a module
 * whose content hash (its file, its order and its lessons' ids) is unchanged is not rewritten.
 * Concurrent starts (two server processes on one PostgreSQL) wait on an advisory lock.
 */
export async function syncModules(
  db: Database,
  source: ModulesSource,
  lessonIds: ReadonlyMap<string, number>,
): Promise<ModulesSyncSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const now = new Date();
    const summary: ModulesSyncSummary = {
      categories: moduleCategories.length,
      skills: source.skills.length,
      modules: source.modules.length,
      written: 0,
      unchanged: 0,
      retired: 0,
    };

    const categories = new Map(
      (await tx.select().from(zogoCategories)).map((row) => [row.slug, row]),
    );
    const categoryIds = new Map<string, number>();
    for (const [index, slug] of moduleCategories.entries()) {
      const values = { slug, name: categoryNames[slug], position: index + 1 };
      const found = categories.get(slug);
      if (!found) {
        const [row] = await tx
          .insert(zogoCategories)
          .values(values)
          .returning({ id: zogoCategories.id });
        categoryIds.set(slug, row!.id);
        summary.written += 1;
        continue;
      }
      categoryIds.set(slug, found.id);
      if (found.name !== values.name || found.position !== values.position) {
        await tx.update(zogoCategories).set(values).where(eq(zogoCategories.id, found.id));
        summary.written += 1;
      } else {
        summary.unchanged += 1;
      }
    }

    const skills = new Map((await tx.select().from(zogoSkills)).map((row) => [row.slug, row]));
    const skillIds = new Map<string, number>();
    for (const [index, skill] of source.skills.entries()) {
      const values = {
        slug: skill.slug,
        name: skill.name,
        categoryId: categoryIds.get(skill.category)!,
        position: index + 1,
        retiredAt: null,
      };
      const found = skills.get(skill.slug);
      if (!found) {
        const [row] = await tx.insert(zogoSkills).values(values).returning({ id: zogoSkills.id });
        skillIds.set(skill.slug, row!.id);
        summary.written += 1;
        continue;
      }
      skillIds.set(skill.slug, found.id);
      if (
        found.name !== values.name ||
        found.categoryId !== values.categoryId ||
        found.position !== values.position ||
        found.retiredAt !== null
      ) {
        await tx.update(zogoSkills).set(values).where(eq(zogoSkills.id, found.id));
        summary.written += 1;
      } else {
        summary.unchanged += 1;
      }
    }

    const modules = new Map(
      (
        await tx
          .select({
            id: zogoModules.id,
            slug: zogoModules.slug,
            hash: zogoModules.contentHash,
            retiredAt: zogoModules.retiredAt,
          })
          .from(zogoModules)
      ).map((row) => [row.slug, row]),
    );
    const liveModuleIds: number[] = [];
    for (const { module, order } of source.modules) {
      const linked = [...new Set(module.lessons)].map((slug) => lessonIds.get(slug)!);
      const contentHash = hashOf({ module, order, lessons: linked });
      const found = modules.get(module.slug);
      if (found && found.hash === contentHash && found.retiredAt === null) {
        liveModuleIds.push(found.id);
        summary.unchanged += 1;
        continue;
      }
      const values = {
        slug: module.slug,
        name: module.name,
        categoryId: categoryIds.get(module.category)!,
        skillId: skillIds.get(module.skill)!,
        points: module.points,
        image: module.image,
        minutes: module.minutes,
        cards: module.cards,
        position: order,
        contentHash,
        retiredAt: null,
        updatedAt: now,
      };
      let moduleId: number;
      if (found) {
        moduleId = found.id;
        await tx.update(zogoModules).set(values).where(eq(zogoModules.id, moduleId));
        await tx.delete(zogoModuleLessons).where(eq(zogoModuleLessons.moduleId, moduleId));
      } else {
        const [row] = await tx.insert(zogoModules).values(values).returning({ id: zogoModules.id });
        moduleId = row!.id;
      }
      if (linked.length > 0) {
        await tx
          .insert(zogoModuleLessons)
          .values(linked.map((lessonId) => ({ moduleId, lessonId })));
      }
      liveModuleIds.push(moduleId);
      summary.written += 1;
    }

    const retiredModules = await tx
      .update(zogoModules)
      .set({ retiredAt: now })
      .where(
        and(
          isNull(zogoModules.retiredAt),
          liveModuleIds.length > 0 ? notInArray(zogoModules.id, liveModuleIds) : undefined,
        ),
      )
      .returning({ id: zogoModules.id });
    const liveSkillIds = [...skillIds.values()];
    const retiredSkills = await tx
      .update(zogoSkills)
      .set({ retiredAt: now })
      .where(
        and(
          isNull(zogoSkills.retiredAt),
          liveSkillIds.length > 0 ? notInArray(zogoSkills.id, liveSkillIds) : undefined,
        ),
      )
      .returning({ id: zogoSkills.id });
    summary.retired = retiredModules.length + retiredSkills.length;
    return summary;
  });
}
