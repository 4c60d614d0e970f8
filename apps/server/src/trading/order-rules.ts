import { amountCents, basisPointsToPercent, isWithinBasisPoints } from '@bullpen/contract/money';
import { tradingMessages } from '@bullpen/contract/trading';
import { portfolioValue } from './ledger.ts';

/**
 * The order rules that are decisions on figures already read: when a limit order fills, and the
 * contest's weight rule at placement and at the fill. Pure, so every boundary is tested without
 * a database; `orders-service.ts` and `fills-service.ts` read the figures and act on the answer.
 */

/** A holding priced for the weight rule: its shares at the price the rule uses. */
export type PricedHolding = { shares: number; priceCents: number };

/** True when an order fills at `price`: a market order always, a limit order at its limit or better. */
export function limitReached(
  order: { side: 'BUY' | 'SELL'; limitPriceCents: number | null },
  price: number,
): boolean {
  if (order.limitPriceCents === null) return true;
  return order.side === 'BUY' ? price <= order.limitPriceCents : price >= order.limitPriceCents;
}

/**
 * True when `price` crosses an order's stop: a buy stop at or above it, a sell stop at or below
 * it (docs/decisions/044-stop-orders.md). An order without a stop never triggers.
 */
export function stopCrossed(
  order: { side: 'BUY' | 'SELL'; stopPriceCents: number | null },
  price: number,
): boolean {
  if (order.stopPriceCents === null) return false;
  return order.side === 'BUY' ? price >= order.stopPriceCents : price <= order.stopPriceCents;
}

/**
 * The price per share a pending order is counted at when it sets cash aside and for the weight
 * rule: its limit (limit, stop limit), its stop (stop), or null for a market order (the last
 * price plus the margin, `reservationFor`).
 */
export function reservePriceOf(order: {
  kind: 'market' | 'limit' | 'stop' | 'stop_limit';
  limitPriceCents: number | null;
  stopPriceCents: number | null;
}): number | null {
  if (order.kind === 'stop') return order.stopPriceCents;
  if (order.kind === 'market') return null;
  return order.limitPriceCents;
}

function weightExceeded(maxPositionWeightBps: number): string {
  return tradingMessages.weightExceeded(basisPointsToPercent(maxPositionWeightBps));
}

/** The buy being placed and the portfolio it goes into, for the weight rule at placement. */
export type WeightAtPlacement = {
  /** The contest's limit on one position, in basis points of the portfolio; null for none. */
  maxPositionWeightBps: number | null;
  cashCents: number;
  commissionCents: number;
  /** The portfolio's other holdings at their current prices. */
  otherHoldings: readonly PricedHolding[];
  /** Shares of this security held now, and waiting in the portfolio's other pending buys. */
  sharesHeld: number;
  pendingBuyShares: number;
  quantity: number;
  /** The price the buy is counted at: its limit while it waits, else the current price. */
  priceCents: number;
};

/**
 * The weight rule when a buy is placed: the position after this buy and the portfolio's other
 * pending buys of the same security, priced at the order's price, may be at most the contest's
 * share of the portfolio's value. A buy turns cash into shares at its price, so the portfolio's
 * value changes only by the commission. The reason the buy is refused, or null.
 */
export function weightRefusalAtPlacement(buy: WeightAtPlacement): string | null {
  if (buy.maxPositionWeightBps === null) return null;
  const value =
    portfolioValue(buy.cashCents - buy.commissionCents, buy.otherHoldings) +
    amountCents(buy.priceCents, buy.sharesHeld);
  const positionValue = amountCents(
    buy.priceCents,
    buy.sharesHeld + buy.pendingBuyShares + buy.quantity,
  );
  return isWithinBasisPoints(positionValue, value, buy.maxPositionWeightBps)
    ? null
    : weightExceeded(buy.maxPositionWeightBps);
}

/** A portfolio's value after a fill, at current prices, and the filled position's part of it. */
export function valueAfterFill(
  cashCents: number,
  otherHoldings: readonly PricedHolding[],
  position: PricedHolding,
): { positionValueCents: number; valueCents: number } {
  const positionValueCents = amountCents(position.priceCents, position.shares);
  return {
    positionValueCents,
    valueCents: portfolioValue(cashCents, otherHoldings) + positionValueCents,
  };
}

/**
 * The weight rule when a buy fills (a pending buy may fill after prices moved): the position at
 * the current price may be at most the contest's share of the portfolio's value after the fill.
 * A sell is never refused by it. The reason the fill is refused, or null.
 */
export function weightRefusalAtFill(
  side: 'BUY' | 'SELL',
  after: { positionValueCents: number; valueCents: number },
  maxPositionWeightBps: number | null,
): string | null {
  if (side === 'SELL' || maxPositionWeightBps === null) return null;
  return isWithinBasisPoints(after.positionValueCents, after.valueCents, maxPositionWeightBps)
    ? null
    : weightExceeded(maxPositionWeightBps);
}
