import type { PointsAward } from '@bullpen/contract/points';
import { presentPointsEntry } from '../../points/presenter.ts';
import type { UserRow } from '../../users/presenter.ts';
import type { PointsAwarded } from './service.ts';

export function presentPointsAward(awarded: PointsAwarded, teacher: UserRow): PointsAward {
  return {
    entry: presentPointsEntry(awarded.entry, teacher),
    student: awarded.entry.userId,
    left_today: awarded.leftToday,
  };
}
