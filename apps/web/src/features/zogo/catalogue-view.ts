import type { ZogoCategory, ZogoModule, ZogoSkill } from '@bullpen/contract/zogo';

export interface Progress {
  completed: number;
  total: number;
  pointsEarned: number;
  pointsTotal: number;
}

export interface SkillGroup {
  skill: ZogoSkill;
  modules: ZogoModule[];
}

export interface CategoryGroup {
  category: ZogoCategory;
  skills: SkillGroup[];
  progress: Progress;
}

export interface CatalogueView {
  categories: CategoryGroup[];
  progress: Progress;
}

export function progressOf(modules: ZogoModule[]): Progress {
  const done = modules.filter((module) => module.completed);
  const sum = (list: ZogoModule[]) => list.reduce((total, module) => total + module.points, 0);
  return {
    completed: done.length,
    total: modules.length,
    pointsEarned: sum(done),
    pointsTotal: sum(modules),
  };
}

/**
 * The catalogue by category (in the API's order), each category's skills as groups of their
 * modules, with progress per category and overall. Skills and categories without modules
 * are left out, so no empty heading shows.
 */
export function catalogueView(
  categories: ZogoCategory[],
  skills: ZogoSkill[],
  modules: ZogoModule[],
): CatalogueView {
  const groups = categories
    .map((category) => {
      const ofCategory = modules.filter((module) => module.category === category.id);
      const skillGroups = skills
        .filter((skill) => skill.category === category.id)
        .map((skill) => ({
          skill,
          modules: ofCategory.filter((module) => module.skill === skill.id),
        }))
        .filter((group) => group.modules.length > 0);
      return { category, skills: skillGroups, progress: progressOf(ofCategory) };
    })
    .filter((group) => group.skills.length > 0);
  const shown = groups.flatMap((group) => group.skills.flatMap((skill) => skill.modules));
  return { categories: groups, progress: progressOf(shown) };
}
