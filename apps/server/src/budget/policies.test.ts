import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { canUseBudget } from './policies.ts';

describe('budget policies', () => {
  it('lets only a budget’s owner use it', () => {
    expect(canUseBudget({ id: 5 } as UserRow, { ownerId: 5 })).toBe(true);
    expect(canUseBudget({ id: 6 } as UserRow, { ownerId: 5 })).toBe(false);
  });
});
