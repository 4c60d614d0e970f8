import type { Contest } from '@bullpen/contract/contests';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO instant in the user's zone: "Mar 4, 2026, 9:30 AM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export const statusLabels: Record<Contest['status'], string> = {
  upcoming: 'Starts soon',
  active: 'Active',
  ended: 'Ended',
  frozen: 'Paused',
};

export const statusColors: Record<
  Contest['status'],
  'primary' | 'success' | 'default' | 'warning'
> = {
  upcoming: 'primary',
  active: 'success',
  ended: 'default',
  frozen: 'warning',
};

/** Price × quantity, in cents (both integers, so the product is exact). */
export function orderAmount(priceCents: number, quantity: number): number {
  return priceCents * quantity;
}
