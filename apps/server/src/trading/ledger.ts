import {
  amountCents,
  holdingsValueCents,
  MoneyRangeError,
  prorateCents,
} from '@bullpen/contract/money';
import { marketReservePriceCents, tradingMessages } from '@bullpen/contract/trading';

/**
 * The money of one holding in one portfolio, and what a fill does to it. Pure integer
 * arithmetic: every service that moves cash or shares goes through `applyFill`, so the
 * invariant below holds to the cent whatever the sequence of orders.
 *
 *   cash + Σ shares × price = starting cash + realised P&L + Σ (shares × price − cost basis)
 *                             − commissions
 *
 * Pending orders set cash (buys) or shares (sells) aside; `reserve` and `release` move them
 * in and out of the reserve, and a fill releases its own reservation as it spends it, so
 * 0 ≤ reserved cash ≤ cash and 0 ≤ reserved shares ≤ shares hold at every step.
 */
export type Account = {
  cashCents: number;
  realizedPnlCents: number;
  commissionsCents: number;
  /** Cash set aside for pending buys (0 when absent). */
  reservedCashCents?: number;
};

export type Holding = {
  shares: number;
  costBasisCents: number;
  /** Shares set aside for pending sells (0 when absent). */
  reservedShares?: number;
};

export type Fill = {
  side: 'BUY' | 'SELL';
  quantity: number;
  priceCents: number;
  commissionCents: number;
  /** What this order itself had set aside while pending, released by the fill. */
  release?: Reservation;
};

/** What one pending order sets aside. */
export type Reservation = { cashCents: number; shares: number };

/** Cash a new order may spend: cash not set aside for pending buys. */
export function buyingPower(account: Account): number {
  return account.cashCents - (account.reservedCashCents ?? 0);
}

/** Shares a new sell may use: shares not set aside for pending sells. */
export function sellableShares(holding: Holding): number {
  return holding.shares - (holding.reservedShares ?? 0);
}

/**
 * What a pending order sets aside: a buy its shares at the limit price (or the last price plus
 * MARKET_ORDER_RESERVE_MARGIN_BPS for a market order) plus the commission; a sell its shares.
 */
export function reservationFor(order: {
  side: 'BUY' | 'SELL';
  quantity: number;
  limitPriceCents: number | null;
  lastPriceCents: number;
  commissionCents: number;
}): Reservation {
  if (order.side === 'SELL') return { cashCents: 0, shares: order.quantity };
  const price = order.limitPriceCents ?? marketReservePriceCents(order.lastPriceCents);
  return { cashCents: amountCents(price, order.quantity) + order.commissionCents, shares: 0 };
}

export type ReserveResult =
  { ok: true; account: Account; holding: Holding } | { ok: false; reason: string };

/** Sets a pending order's reservation aside, or says why the portfolio cannot cover it. */
export function reserve(
  account: Account,
  holding: Holding,
  reservation: Reservation,
): ReserveResult {
  if (!Number.isSafeInteger(reservation.cashCents)) {
    return { ok: false, reason: 'This order is too large.' };
  }
  const power = buyingPower(account);
  if (reservation.cashCents > power) {
    return {
      ok: false,
      reason:
        power === account.cashCents
          ? tradingMessages.notEnoughCash(reservation.cashCents, power)
          : tradingMessages.notEnoughBuyingPower(reservation.cashCents, power),
    };
  }
  const sellable = sellableShares(holding);
  if (reservation.shares > sellable) {
    return {
      ok: false,
      reason:
        sellable === holding.shares
          ? tradingMessages.notEnoughShares(reservation.shares, holding.shares)
          : tradingMessages.sharesReserved(reservation.shares, sellable),
    };
  }
  return {
    ok: true,
    account: {
      ...account,
      reservedCashCents: (account.reservedCashCents ?? 0) + reservation.cashCents,
    },
    holding: { ...holding, reservedShares: (holding.reservedShares ?? 0) + reservation.shares },
  };
}

/** Gives a cancelled or rejected order's reservation back. */
export function release(
  account: Account,
  holding: Holding,
  reservation: Reservation,
): { account: Account; holding: Holding } {
  return {
    account: {
      ...account,
      reservedCashCents: (account.reservedCashCents ?? 0) - reservation.cashCents,
    },
    holding: { ...holding, reservedShares: (holding.reservedShares ?? 0) - reservation.shares },
  };
}

export type FillResult =
  | {
      ok: true;
      account: Account;
      holding: Holding;
      /** Cash change: negative for a buy. */
      cashDeltaCents: number;
      realizedPnlCents: number;
    }
  | { ok: false; reason: string };

/** Cost basis leaving with `quantity` of `shares` shares, at the average cost, rounded half up. */
export function basisOfSale(holding: Holding, quantity: number): number {
  return prorateCents(holding.costBasisCents, quantity, holding.shares);
}

/** Price × quantity of a fill, or null when it is too large to count in safe integers. */
function grossOf(fill: Fill): number | null {
  try {
    return amountCents(fill.priceCents, fill.quantity);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: amountCents throws nothing else; the test is a guard.
    if (error instanceof MoneyRangeError) return null;
    throw error;
  }
}

export function applyFill(account: Account, holding: Holding, fill: Fill): FillResult {
  const gross = grossOf(fill);
  if (gross === null) return { ok: false, reason: 'This order is too large.' };
  const released = release(account, holding, fill.release ?? { cashCents: 0, shares: 0 });
  const reservedCashCents = released.account.reservedCashCents ?? 0;
  const reservedShares = released.holding.reservedShares ?? 0;
  const power = buyingPower(released.account);
  if (fill.side === 'BUY') {
    const total = gross + fill.commissionCents;
    if (total > power) {
      return {
        ok: false,
        reason:
          reservedCashCents === 0
            ? tradingMessages.notEnoughCash(total, power)
            : tradingMessages.notEnoughBuyingPower(total, power),
      };
    }
    return {
      ok: true,
      account: {
        cashCents: account.cashCents - total,
        realizedPnlCents: account.realizedPnlCents,
        commissionsCents: account.commissionsCents + fill.commissionCents,
        reservedCashCents,
      },
      holding: {
        shares: holding.shares + fill.quantity,
        costBasisCents: holding.costBasisCents + gross,
        reservedShares,
      },
      cashDeltaCents: -total,
      realizedPnlCents: 0,
    };
  }
  const sellable = sellableShares(released.holding);
  if (fill.quantity > sellable) {
    return {
      ok: false,
      reason:
        reservedShares === 0
          ? tradingMessages.notEnoughShares(fill.quantity, holding.shares)
          : tradingMessages.sharesReserved(fill.quantity, sellable),
    };
  }
  const net = gross - fill.commissionCents;
  if (power + net < 0) {
    return {
      ok: false,
      reason: tradingMessages.notEnoughCash(fill.commissionCents, power + gross),
    };
  }
  const removedBasis = basisOfSale(holding, fill.quantity);
  const realized = gross - removedBasis;
  return {
    ok: true,
    account: {
      cashCents: account.cashCents + net,
      realizedPnlCents: account.realizedPnlCents + realized,
      commissionsCents: account.commissionsCents + fill.commissionCents,
      reservedCashCents,
    },
    holding: {
      shares: holding.shares - fill.quantity,
      costBasisCents: holding.costBasisCents - removedBasis,
      reservedShares,
    },
    cashDeltaCents: net,
    realizedPnlCents: realized,
  };
}

/** Cash plus holdings at the given prices (cents). */
export function portfolioValue(
  cashCents: number,
  holdings: Iterable<{ shares: number; priceCents: number }>,
): number {
  return holdingsValueCents(cashCents, holdings);
}

/**
 * A split of `numerator` new shares for every `denominator` old ones, applied to the shares
 * held at its effective instant (`sharesAtSplit`; shares bought after it already trade at the
 * new price). The total cost basis is unchanged, so the cost per share is divided by the ratio.
 * A fraction of a new share is paid in cash at the price before the split ÷ the ratio (the
 * fraction's value, rounded half up to the cent), and its share of the cost basis leaves with
 * it as realised P&L, like a sale. No share or cent is created or lost beyond that rounding.
 */
export type SplitTerms = {
  numerator: number;
  denominator: number;
  sharesAtSplit: number;
  /** The price just before the split, in cents. */
  priceBeforeCents: number;
};

export type SplitResult = {
  account: Account;
  holding: Holding;
  /** Cash paid for a fraction of a share. */
  fractionCashCents: number;
  realizedPnlCents: number;
};

function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

export function applySplit(account: Account, holding: Holding, terms: SplitTerms): SplitResult {
  const { numerator, denominator, sharesAtSplit } = terms;
  const later = holding.shares - sharesAtSplit;
  // In units of 1/denominator of a new share, where the split's arithmetic is exact.
  const units = sharesAtSplit * numerator;
  const whole = Math.floor(units / denominator);
  const remainder = units - whole * denominator;
  const fractionCashCents = divideHalfUp(
    BigInt(remainder) * BigInt(terms.priceBeforeCents),
    BigInt(numerator),
  );
  const removedBasis =
    remainder === 0
      ? 0
      : prorateCents(holding.costBasisCents, remainder, units + later * denominator);
  const realizedPnlCents = fractionCashCents - removedBasis;
  return {
    account: {
      ...account,
      cashCents: account.cashCents + fractionCashCents,
      realizedPnlCents: account.realizedPnlCents + realizedPnlCents,
    },
    holding: {
      ...holding,
      shares: whole + later,
      costBasisCents: holding.costBasisCents - removedBasis,
    },
    fractionCashCents,
    realizedPnlCents,
  };
}

/**
 * A pending order after a split: quantity × ratio rounded down (an order left with no share is
 * cancelled: null), a buy's limit ÷ ratio rounded down (never pays more per old share), a
 * sell's rounded up (never sells for less). The cash a buy set aside still covers it.
 */
export function splitOrder(
  order: { side: 'BUY' | 'SELL'; quantity: number; limitPriceCents: number | null },
  ratio: { numerator: number; denominator: number },
): { quantity: number; limitPriceCents: number | null } | null {
  const quantity = Math.floor((order.quantity * ratio.numerator) / ratio.denominator);
  if (quantity < 1) return null;
  if (order.limitPriceCents === null) return { quantity, limitPriceCents: null };
  const scaled = order.limitPriceCents * ratio.denominator;
  const limit =
    order.side === 'BUY'
      ? Math.floor(scaled / ratio.numerator)
      : Math.ceil(scaled / ratio.numerator);
  return { quantity, limitPriceCents: Math.max(1, limit) };
}

/**
 * A pending stop or stop-limit order's stop after a split, scaled like a limit
 * (`splitOrder`): a buy's rounded down, a sell's rounded up, never below a cent. Null stays null.
 */
export function splitStop(
  order: { side: 'BUY' | 'SELL'; stopPriceCents: number | null },
  ratio: { numerator: number; denominator: number },
): number | null {
  if (order.stopPriceCents === null) return null;
  const scaled = order.stopPriceCents * ratio.denominator;
  const stop =
    order.side === 'BUY'
      ? Math.floor(scaled / ratio.numerator)
      : Math.ceil(scaled / ratio.numerator);
  return Math.max(1, stop);
}
