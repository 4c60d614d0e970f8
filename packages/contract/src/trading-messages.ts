import { MARKET_ORDER_RESERVE_MARGIN_BPS, MAX_ORDER_SHARES } from './constants.ts';
import { formatCents, formatNumber, withBasisPoints } from './money.ts';

/**
 * Trading's messages and the reserve rule, without zod (trading.ts re-exports them): the order
 * ticket shows them, and the place-order page's first load then takes no zod.
 */
export const tradingMessages = {
  orderNotFound: 'No such pending order.',
  notYourPortfolio: 'You can only trade in your own portfolio.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different order.',
  /** Written on first use: a number format at module load would load ICU on every page. */
  get tooManyShares() {
    return `Enter at most ${formatNumber(MAX_ORDER_SHARES)} shares.`;
  },
  marketClosedRefused:
    'The market is closed and this contest does not queue orders. Try again when the market opens.',
  notEnoughCash: (neededCents: number, availableCents: number) =>
    `Not enough cash: this order needs ${formatCents(neededCents)} and you have ${formatCents(availableCents)}.`,
  notEnoughShares: (wanted: number, owned: number) =>
    `You own ${owned} share${owned === 1 ? '' : 's'}; you cannot sell ${wanted}.`,
  /** Cash set aside for pending buys cannot pay for another order. */
  notEnoughBuyingPower: (neededCents: number, buyingPowerCents: number) =>
    `Not enough buying power: this order needs ${formatCents(neededCents)} and you have ${formatCents(buyingPowerCents)} not set aside for pending orders.`,
  /** Shares set aside for pending sells cannot be sold twice. */
  sharesReserved: (wanted: number, available: number) =>
    `You can sell ${available} share${available === 1 ? '' : 's'} (the rest wait in pending sell orders); you cannot sell ${wanted}.`,
  weightExceeded: (maxPercent: number) =>
    `This order would make one position more than ${maxPercent}% of your portfolio, the contest's limit.`,
  limitRequired: 'Enter a limit price for a limit order.',
  limitOnlyForLimit: 'A market order has no limit price.',
  stopRequired: 'Enter a stop price for a stop order.',
  stopOnlyForStop: 'Only a stop order has a stop price.',
  stopPositive: 'Enter a positive stop price.',
  /** A stop placed during the session where the price already is: it would trigger at once. */
  stopAlreadyReached: (side: 'BUY' | 'SELL') =>
    side === 'BUY'
      ? 'The price is already at or above this stop. A buy stop must be above the current price.'
      : 'The price is already at or below this stop. A sell stop must be below the current price.',
  /** A good-for-the-day order that did not fill by the close. */
  expiredAtClose: 'This day order did not fill before the market closed.',
  notPending: 'Only a pending order can be cancelled.',
} as const;

/**
 * The price a pending market buy sets aside per share: the last price plus
 * MARKET_ORDER_RESERVE_MARGIN_BPS, rounded up to the cent (the server reserves it, the order
 * ticket shows it).
 */
export function marketReservePriceCents(lastPriceCents: number): number {
  return withBasisPoints(lastPriceCents, MARKET_ORDER_RESERVE_MARGIN_BPS, 'up');
}
