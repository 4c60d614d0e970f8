import {
  moduleImageSrc,
  type CardStart,
  type CompletedModule,
  type CompleteModule,
  type PlayerCard,
  type ZogoCategory,
  type ZogoModule,
  type ZogoModuleDetail,
  type ZogoSkill,
  type ZogoToday,
} from '@bullpen/contract/zogo';
import type { CategoryWithCount, CompletedInSkill, ModuleRow, SkillWithCount } from './queries.ts';

/** Rows → the contract's shapes. A question leaves without its answer and explanation. */
export function presentCategory(category: CategoryWithCount): ZogoCategory {
  return {
    id: category.id,
    slug: category.slug as ZogoCategory['slug'],
    name: category.name,
    module_count: category.moduleCount,
  };
}

export function presentSkill(skill: SkillWithCount): ZogoSkill {
  return {
    id: skill.id,
    slug: skill.slug,
    name: skill.name,
    category: skill.categoryId,
    module_count: skill.moduleCount,
  };
}

export function presentModule(
  module: ModuleRow,
  lessons: number[],
  completed: boolean,
): ZogoModule {
  return {
    id: module.id,
    slug: module.slug,
    name: module.name,
    category: module.categoryId,
    skill: module.skillId,
    points: module.points,
    imgSrc: moduleImageSrc(module.image),
    minutes: module.minutes,
    lessons,
    completed,
  };
}

function presentCard(card: ModuleRow['cards'][number]): PlayerCard {
  return card.type === 'read'
    ? { type: 'read', title: card.title, text: card.text }
    : { type: 'question', id: card.id, question: card.question, choices: card.choices };
}

export function presentModuleDetail(
  module: ModuleRow,
  lessons: number[],
  completed: boolean,
): ZogoModuleDetail {
  return { ...presentModule(module, lessons, completed), cards: module.cards.map(presentCard) };
}

export function presentCompletedModule(completion: CompletedInSkill): CompletedModule {
  return {
    module: completion.moduleId,
    skill: completion.skillId,
    points: completion.points,
    completed_at: completion.completedAt.toISOString(),
  };
}

export function presentCompletion(completion: {
  moduleId: number;
  pointsAwarded: number;
  availablePoints: number;
}): CompleteModule {
  return {
    module: completion.moduleId,
    points_awarded: completion.pointsAwarded,
    available_points: completion.availablePoints,
    completed: true,
  };
}

export function presentCardStart(start: {
  moduleId: number;
  card: number;
  startedAt: Date;
}): CardStart {
  return { module: start.moduleId, card: start.card, started_at: start.startedAt.toISOString() };
}

export function presentToday(today: { pointsToday: number; dailyCap: number }): ZogoToday {
  return { points_today: today.pointsToday, daily_cap: today.dailyCap };
}
