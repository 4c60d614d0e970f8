import type { Contest } from '@bullpen/contract/contests';
import { amountCents, MoneyRangeError } from '@bullpen/contract/money';

export const statusColors: Record<
  Contest['status'],
  'primary' | 'success' | 'default' | 'warning'
> = {
  upcoming: 'primary',
  active: 'success',
  ended: 'default',
  frozen: 'warning',
};

/**
 * Price × quantity of an order being typed, in cents; Infinity when it is too large to count,
 * which is more than any buying power (the ticket's rules then refuse it).
 */
export function orderAmount(priceCents: number, quantity: number): number {
  try {
    return amountCents(priceCents, quantity);
  } catch (error) {
    if (error instanceof MoneyRangeError) return Number.POSITIVE_INFINITY;
    throw error;
  }
}
