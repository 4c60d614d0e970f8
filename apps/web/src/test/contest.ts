import { NO_RULES } from '@bullpen/contract/contest-rules';
import type { Contest } from '@bullpen/contract/contests';
import { RISK_BOARD_OFF } from '@bullpen/contract/risk-board';

/**
 * A contest as `GET /api/contests/{id}/` answers it: an active private contest without extra
 * rules, seen by a student who plays in it. Each test names what it is about in `overrides`.
 */
export function contestOf(overrides: Partial<Contest> = {}): Contest {
  return {
    id: 7,
    name: 'Class 6B',
    description: '',
    visibility: 'private',
    owner: { id: 1, username: 'teacher' },
    starts_at: '2026-11-01T00:00:00.000Z',
    ends_at: '2026-12-01T00:00:00.000Z',
    starting_cash: 10_000_000,
    commission: 0,
    ...NO_RULES,
    rule_preset: 'custom',
    after_hours: 'queue',
    status: 'active',
    is_challenge: false,
    members_count: 2,
    is_owner: false,
    can_manage: false,
    my_contest_user: 20,
    join_code: null,
    classroom_id: null,
    trading_paused_reason: null,
    coach: false,
    risk_board: RISK_BOARD_OFF,
    ...overrides,
  };
}
