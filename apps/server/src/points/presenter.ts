import type { Points } from '@bullpen/contract/users';
import type { PointsChangedMessage } from '@bullpen/contract/realtime';

export function presentPoints(balance: number): Points {
  return { available_points: balance };
}

/** What `user:<id>` hears when the ledger changes (the hub adds the channel). */
export function presentPointsChange(balance: number): Omit<PointsChangedMessage, 'channel'> {
  return { type: 'points', available_points: balance };
}
