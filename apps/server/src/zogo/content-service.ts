import { createHash } from 'node:crypto';
import { moduleCategories, type ModuleCategory } from '@bullpen/contract/zogo';
import type { Database, Executor } from '../db/connection.ts';
import { holdStartupLock, startupLocks } from '../db/locks.ts';
import { checkOnce } from '../platform/content-checks.ts';
import { ContentError } from '../platform/content-files.ts';
import { checkModules } from './content-check.ts';
import { readModules, type ModulesSource } from './content-files.ts';
import {
  retireAllBut,
  syncedCategories,
  syncedModules,
  syncedSkills,
  writeCategory,
  writeModule,
  writeSkill,
} from './sync-queries.ts';

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
    await holdStartupLock(tx, startupLocks.moduleSync);
    const now = new Date();
    const summary: ModulesSyncSummary = {
      categories: moduleCategories.length,
      skills: source.skills.length,
      modules: source.modules.length,
      written: 0,
      unchanged: 0,
      retired: 0,
    };
    const count = (written: boolean) => {
      if (written) summary.written += 1;
      else summary.unchanged += 1;
    };

    const categories = await syncedCategories(tx);
    const categoryIds = new Map<string, number>();
    for (const [index, slug] of moduleCategories.entries()) {
      const values = { slug, name: categoryNames[slug], position: index + 1 };
      const found = categories.get(slug);
      const changed = !found || found.name !== values.name || found.position !== values.position;
      categoryIds.set(slug, changed ? await writeCategory(tx, values, found?.id) : found.id);
      count(changed);
    }

    const skills = await syncedSkills(tx);
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
      const changed =
        !found ||
        found.name !== values.name ||
        found.categoryId !== values.categoryId ||
        found.position !== values.position ||
        found.retiredAt !== null;
      skillIds.set(skill.slug, changed ? await writeSkill(tx, values, found?.id) : found.id);
      count(changed);
    }

    const modules = await syncedModules(tx);
    const moduleIds: number[] = [];
    for (const { module, order } of source.modules) {
      const linked = [...new Set(module.lessons)].map((slug) => lessonIds.get(slug)!);
      const contentHash = hashOf({ module, order, lessons: linked });
      const found = modules.get(module.slug);
      if (found && found.hash === contentHash && found.retiredAt === null) {
        moduleIds.push(found.id);
        count(false);
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
      moduleIds.push(await writeModule(tx, values, linked, found?.id));
      count(true);
    }

    summary.retired = await retireAllBut(tx, { moduleIds, skillIds: [...skillIds.values()] }, now);
    return summary;
  });
}
