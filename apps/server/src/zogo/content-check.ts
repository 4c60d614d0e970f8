import { moduleCategories } from '@bullpen/contract/zogo';
import { readability } from '../learn/readability.ts';
import type { ModulesSource } from './content-files.ts';

/**
 * The rules across the module files (`content/modules/README.md`), as code: the server's start
 * refuses content with any problem, the content test fails on one, and `npm run
 * content:report` prints them with each module's reading grade. The zod schemas already hold
 * each file's shape.
 */

/** Modules are read by younger students than the longer lessons: grade 8 at most. */
export const MODULE_MAX_READING_GRADE = 8;

export interface ModuleReport {
  file: string;
  module: string;
  category: string;
  skill: string;
  grade: number;
  words: number;
  questions: number;
  points: number;
}

export interface ModulesReport {
  skills: number;
  modules: number;
  questions: number;
  /** Modules per category, every category listed (0 when it has none). */
  perCategory: Record<string, number>;
  /** Modules per skill slug, every skill of skills.yaml listed. */
  perSkill: Record<string, number>;
  moduleReports: ModuleReport[];
  problems: string[];
}

/** `lessonSlugs`: the lessons a module may name (the curriculum's, or the live ones). */
export function checkModules(
  source: ModulesSource,
  lessonSlugs: ReadonlySet<string>,
): ModulesReport {
  const problems: string[] = [];
  const skills = new Map<string, string>();
  const perSkill: Record<string, number> = {};
  for (const skill of source.skills) {
    if (skills.has(skill.slug)) problems.push(`skills.yaml: a second skill ${skill.slug}`);
    skills.set(skill.slug, skill.category);
    perSkill[skill.slug] = 0;
  }
  const perCategory: Record<string, number> = Object.fromEntries(
    moduleCategories.map((category) => [category, 0]),
  );

  const slugs = new Set<string>();
  const orders = new Set<string>();
  const moduleReports: ModuleReport[] = [];
  let questions = 0;
  for (const { file, folder, order, fileSlug, module } of source.modules) {
    if (slugs.has(module.slug)) {
      problems.push(`${file}: a second module ${module.slug} (slugs are unique)`);
    }
    slugs.add(module.slug);
    if (module.slug !== fileSlug) {
      problems.push(`${file}: slug ${module.slug} differs from the file name`);
    }
    if (module.category !== folder) {
      problems.push(`${file}: category ${module.category} differs from its folder ${folder}`);
    }
    const place = `${folder}/${order}`;
    if (orders.has(place))
      problems.push(`${file}: another module of ${folder} is numbered ${order}`);
    orders.add(place);

    const skillCategory = skills.get(module.skill);
    if (skillCategory === undefined) {
      problems.push(`${file}: skill ${module.skill} is not in skills.yaml`);
    } else {
      perSkill[module.skill] = (perSkill[module.skill] ?? 0) + 1;
      if (skillCategory !== module.category) {
        problems.push(
          `${file}: skill ${module.skill} belongs to ${skillCategory}, not ${module.category}`,
        );
      }
    }
    perCategory[module.category] = (perCategory[module.category] ?? 0) + 1;

    for (const lesson of new Set(module.lessons)) {
      if (!lessonSlugs.has(lesson)) problems.push(`${file}: no lesson ${lesson}`);
    }
    if (new Set(module.lessons).size !== module.lessons.length) {
      problems.push(`${file}: a lesson is listed twice`);
    }

    const ids = new Set<string>();
    const asked = new Set<string>();
    let moduleQuestions = 0;
    const reading: string[] = [];
    for (const card of module.cards) {
      if (card.type === 'read') {
        reading.push(card.text);
        continue;
      }
      moduleQuestions += 1;
      if (ids.has(card.id)) problems.push(`${file}: two questions with the id ${card.id}`);
      ids.add(card.id);
      const text = card.question.trim().toLowerCase();
      if (asked.has(text)) problems.push(`${file}: question ${card.id} is asked twice`);
      asked.add(text);
      const choices = card.choices.map((choice) => choice.trim().toLowerCase());
      if (new Set(choices).size !== choices.length) {
        problems.push(`${file}: question ${card.id} offers the same choice twice`);
      }
    }
    questions += moduleQuestions;

    const measured = readability(reading.join('\n\n'));
    if (measured.grade > MODULE_MAX_READING_GRADE) {
      problems.push(
        `${file}: reads at grade ${measured.grade}, above ${MODULE_MAX_READING_GRADE} (shorter sentences, shorter words)`,
      );
    }
    moduleReports.push({
      file,
      module: module.slug,
      category: module.category,
      skill: module.skill,
      grade: measured.grade,
      words: measured.words,
      questions: moduleQuestions,
      points: module.points,
    });
  }
  return {
    skills: source.skills.length,
    modules: source.modules.length,
    questions,
    perCategory,
    perSkill,
    moduleReports,
    problems,
  };
}
