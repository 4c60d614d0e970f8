import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/presenter.ts';
import { canTradeIn } from './policies.ts';

describe('trading policies', () => {
  it('lets only a portfolio’s owner trade in it', () => {
    expect(canTradeIn({ id: 5 } as UserRow, { userId: 5 })).toBe(true);
    expect(canTradeIn({ id: 6 } as UserRow, { userId: 5 })).toBe(false);
  });
});
