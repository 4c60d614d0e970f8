import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { canSeePoints } from './policies.ts';

describe('points policies', () => {
  it('shows a balance to its owner only', () => {
    expect(canSeePoints({ id: 5 } as UserRow, 5)).toBe(true);
    expect(canSeePoints({ id: 6, isTeacher: true } as UserRow, 5)).toBe(false);
  });
});
