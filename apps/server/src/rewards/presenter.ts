import type { RewardsChangedMessage } from '@bullpen/contract/realtime';
import type { Equipped, Redemption, Reward } from '@bullpen/contract/rewards';
import { displayName } from '../users/presenter.ts';
import type { RewardRow } from './queries.ts';
import type { ClassroomNames, RedemptionView, RewardView } from './service.ts';

function classroomOf(reward: RewardRow, classrooms: ClassroomNames) {
  return reward.classroomId === null
    ? null
    : { id: reward.classroomId, name: classrooms.get(reward.classroomId) ?? '' };
}

export function presentReward(view: RewardView, classrooms: ClassroomNames): Reward {
  const { reward } = view;
  return {
    id: reward.id,
    kind: reward.kind,
    slug: reward.slug,
    name: reward.name,
    description: reward.description,
    cost: reward.cost,
    classroom: classroomOf(reward, classrooms),
    owned: view.owned,
    pending: view.pending,
  };
}

export function presentRewards(list: {
  rewards: RewardView[];
  classrooms: ClassroomNames;
}): Reward[] {
  return list.rewards.map((view) => presentReward(view, list.classrooms));
}

export function presentRedemption(view: RedemptionView): Redemption {
  const { redemption, reward } = view;
  return {
    id: redemption.id,
    reward: { id: reward.id, kind: reward.kind, slug: reward.slug, name: reward.name },
    cost: redemption.cost,
    status: redemption.status,
    classroom: view.classroom,
    student: { id: view.student.id, name: displayName(view.student) },
    decided_at: redemption.decidedAt?.toISOString() ?? null,
    created_at: redemption.createdAt.toISOString(),
  };
}

export function presentEquipped(equipped: Equipped): Equipped {
  return { frame: equipped.frame, badge: equipped.badge };
}

/** What `user:<id>` hears when a reward request changed for them (the hub adds the channel). */
export function presentRewardsChange(): Omit<RewardsChangedMessage, 'channel'> {
  return { type: 'rewards' };
}
