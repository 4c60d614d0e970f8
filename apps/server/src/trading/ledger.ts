import { contestMessages } from '@bullpen/contract/contests';

/**
 * The money of one holding in one portfolio, and what a fill does to it. Pure integer
 * arithmetic: every service that moves cash or shares goes through `applyFill`, so the
 * invariant below holds to the cent whatever the sequence of orders.
 *
 *   cash + Σ shares × price = starting cash + realised P&L + Σ (shares × price − cost basis)
 *                             − commissions
 */
export type Account = {
  cashCents: number;
  realizedPnlCents: number;
  commissionsCents: number;
};

export type Holding = { shares: number; costBasisCents: number };

export type Fill = {
  side: 'BUY' | 'SELL';
  quantity: number;
  priceCents: number;
  commissionCents: number;
};

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
  if (quantity === holding.shares) return holding.costBasisCents;
  const numerator = BigInt(holding.costBasisCents) * BigInt(quantity) * 2n + BigInt(holding.shares);
  return Number(numerator / (2n * BigInt(holding.shares)));
}

export function applyFill(account: Account, holding: Holding, fill: Fill): FillResult {
  const gross = fill.priceCents * fill.quantity;
  if (!Number.isSafeInteger(gross)) return { ok: false, reason: 'This order is too large.' };
  if (fill.side === 'BUY') {
    const total = gross + fill.commissionCents;
    if (total > account.cashCents) {
      return { ok: false, reason: contestMessages.notEnoughCash(total, account.cashCents) };
    }
    return {
      ok: true,
      account: {
        cashCents: account.cashCents - total,
        realizedPnlCents: account.realizedPnlCents,
        commissionsCents: account.commissionsCents + fill.commissionCents,
      },
      holding: {
        shares: holding.shares + fill.quantity,
        costBasisCents: holding.costBasisCents + gross,
      },
      cashDeltaCents: -total,
      realizedPnlCents: 0,
    };
  }
  if (fill.quantity > holding.shares) {
    return { ok: false, reason: contestMessages.notEnoughShares(fill.quantity, holding.shares) };
  }
  const net = gross - fill.commissionCents;
  if (account.cashCents + net < 0) {
    return {
      ok: false,
      reason: contestMessages.notEnoughCash(fill.commissionCents, account.cashCents + gross),
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
    },
    holding: {
      shares: holding.shares - fill.quantity,
      costBasisCents: holding.costBasisCents - removedBasis,
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
  let value = cashCents;
  for (const holding of holdings) value += holding.shares * holding.priceCents;
  return value;
}

/** The contest's weight rule: after a buy, one position may be at most `maxBps` of the whole. */
export function withinWeightLimit(
  positionValueCents: number,
  portfolioValueCents: number,
  maxBps: number | null,
): boolean {
  if (maxBps === null) return true;
  return positionValueCents * 10_000 <= maxBps * portfolioValueCents;
}
