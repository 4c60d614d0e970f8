import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import {
  canViewContest,
  canViewPortfolio,
  canWatchContest,
  isContestOwner,
  type Membership,
} from './policies.ts';
import type { ContestRow } from './status.ts';

const user = { id: 5 } as UserRow;
const membership = (visibility: 'public' | 'private', member: boolean): Membership => ({
  contest: { id: 1, ownerId: 5, visibility } as ContestRow,
  viewerContestUserId: member ? 77 : null,
});

describe('contest policies', () => {
  it('knows the contest’s owner', () => {
    expect(isContestOwner(user, membership('public', false).contest)).toBe(true);
    expect(isContestOwner({ id: 6 } as UserRow, membership('public', false).contest)).toBe(false);
  });

  it('opens a public contest to everyone and a private one to its members', () => {
    for (const check of [
      (m: Membership) => canViewContest(user, m),
      (m: Membership) => canWatchContest(m),
    ]) {
      expect(check(membership('public', false))).toBe(true);
      expect(check(membership('private', true))).toBe(true);
      expect(check(membership('private', false))).toBe(false);
    }
  });

  it('shows portfolios to members only, even in a public contest', () => {
    expect(canViewPortfolio(membership('public', true))).toBe(true);
    expect(canViewPortfolio(membership('public', false))).toBe(false);
  });
});
