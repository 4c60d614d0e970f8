import type { PointsEntry } from '@bullpen/contract/points';
import type { PointsChangedMessage } from '@bullpen/contract/realtime';
import type { Points } from '@bullpen/contract/users';
import { displayName, type UserRow } from '../users/presenter.ts';
import type { PointEntryRow } from './queries.ts';

export function presentPoints(balance: number): Points {
  return { available_points: balance };
}

/** What `user:<id>` hears when the ledger changes (the hub adds the channel). */
export function presentPointsChange(balance: number): Omit<PointsChangedMessage, 'channel'> {
  return { type: 'points', available_points: balance };
}

export function presentPointsEntry(row: PointEntryRow, awardedBy?: UserRow): PointsEntry {
  return {
    id: row.id,
    points: row.points,
    reason: row.reason,
    note: row.note,
    awarded_by: awardedBy ? displayName(awardedBy) : null,
    created_at: row.createdAt.toISOString(),
  };
}
