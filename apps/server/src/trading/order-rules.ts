import { amountCents, basisPointsToPercent, isWithinBasisPoints } from '@bullpen/contract/money';
import { ruleMessages } from '@bullpen/contract/contest-rules';
import { tradingMessages } from '@bullpen/contract/trading';
import { portfolioValue } from './ledger.ts';

/**
 * The order rules that are decisions on figures already read: when a limit order fills, the
 * contest's weight rule at placement and at the fill, and its other trading rules at placement. Pure, so every boundary is tested without
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

/** A contest's trading rules as placement reads them (docs/decisions/046-contest-rule-packs.md). */
export type PlacementRules = {
  allowedSymbols: readonly string[] | null;
  blockedSymbols: readonly string[];
  allowedSectors: readonly string[] | null;
  blockedSectors: readonly string[];
  minSharePriceCents: number | null;
  maxTradesPerDay: number | null;
  minHoldingMinutes: number | null;
};

/** True when a contest has a rule that placement checks beyond its weight rule. */
export function hasPlacementRules(rules: PlacementRules): boolean {
  return (
    rules.allowedSymbols !== null ||
    rules.blockedSymbols.length > 0 ||
    rules.allowedSectors !== null ||
    rules.blockedSectors.length > 0 ||
    rules.minSharePriceCents !== null ||
    rules.maxTradesPerDay !== null ||
    rules.minHoldingMinutes !== null
  );
}

/** An order being placed and what the rules read about its portfolio. */
export type OrderAtPlacement = {
  side: 'BUY' | 'SELL';
  symbol: string;
  sector: string;
  /** The security's current price. */
  priceCents: number;
  /** Orders the portfolio has placed since the market day began (New York), of any status. */
  ordersToday: number;
  /** When the portfolio's latest buy of the security filled, or null. */
  lastBuyAt: number | null;
  now: number;
};

/**
 * The contest's rules when an order is placed, market, limit, stop or stop limit alike: the
 * orders a day (buys and sells), then for a buy the tickers, the sectors and the lowest share
 * price (the current price: the rule is about the stock, not the order's limit), and for a sell
 * the time since the latest buy of the stock filled. A sell is never refused for its ticker or
 * sector, so a rule changed mid-contest never traps a holding. The reason the order is
 * refused, in words a student reads, or null.
 */
export function contestRuleRefusal(rules: PlacementRules, order: OrderAtPlacement): string | null {
  if (rules.maxTradesPerDay !== null && order.ordersToday >= rules.maxTradesPerDay) {
    return ruleMessages.tooManyTrades(rules.maxTradesPerDay);
  }
  if (order.side === 'SELL') {
    if (rules.minHoldingMinutes === null || order.lastBuyAt === null) return null;
    const heldMs = order.now - order.lastBuyAt;
    return heldMs < rules.minHoldingMinutes * 60_000
      ? ruleMessages.holdLonger(order.symbol, rules.minHoldingMinutes)
      : null;
  }
  if (rules.blockedSymbols.includes(order.symbol)) return ruleMessages.symbolBlocked(order.symbol);
  if (rules.allowedSymbols !== null && !rules.allowedSymbols.includes(order.symbol)) {
    return ruleMessages.symbolNotAllowed(order.symbol);
  }
  if (rules.blockedSectors.includes(order.sector)) {
    return ruleMessages.sectorBlocked(order.symbol, order.sector);
  }
  if (rules.allowedSectors !== null && !rules.allowedSectors.includes(order.sector)) {
    return ruleMessages.sectorNotAllowed(order.symbol, order.sector);
  }
  if (rules.minSharePriceCents !== null && order.priceCents < rules.minSharePriceCents) {
    return ruleMessages.priceTooLow(order.symbol, order.priceCents, rules.minSharePriceCents);
  }
  return null;
}
