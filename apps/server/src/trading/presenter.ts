import type { Holding, Order } from '@bullpen/contract/trading';
import { amountCents } from '@bullpen/contract/money';
import type { Quote } from '../market/provider.ts';
import type { SecurityInfo } from '../market/universe.ts';
import type { Adjustment } from '@bullpen/contract/portfolio-adjustments';
import type { EntryRow } from './actions-queries.ts';
import type { AdjustmentRow } from './adjustments-queries.ts';
import type { OrderRow } from './queries.ts';

export function presentOrder(order: OrderRow): Order {
  return {
    id: order.id,
    contest_user: order.contestUserId,
    security: order.securityId,
    symbol: order.symbol,
    order_type: order.side,
    kind: order.kind,
    quantity: order.quantity,
    limit_price: order.limitPriceCents,
    stop_price: order.stopPriceCents,
    time_in_force: order.timeInForce,
    triggered_at: order.triggeredAt?.toISOString() ?? null,
    status: order.status,
    fill_price: order.fillPriceCents,
    commission: order.commissionCents,
    total: order.cashDeltaCents,
    rejection_reason: order.rejectionReason,
    created_at: order.createdAt.toISOString(),
    closed_at: order.closedAt?.toISOString() ?? null,
  };
}

export function presentHolding(
  position: { id: number; shares: number; reservedShares: number; costBasisCents: number },
  security: SecurityInfo,
  quote: Quote,
  portfolioValueCents: number,
): Holding {
  const value = amountCents(quote.lastCents, position.shares);
  const previousValue = amountCents(quote.previousCloseCents, position.shares);
  return {
    id: position.id,
    security: security.id,
    name: security.name,
    symbol: security.symbol,
    image_logo: security.imageLogo,
    hyperlink: security.hyperlink,
    share: position.shares,
    reserved_shares: position.reservedShares,
    cost_basis: position.costBasisCents,
    last_price: quote.lastCents,
    previous_day_close_price: quote.previousCloseCents,
    value,
    gain_ratio:
      position.costBasisCents > 0 ? (value - position.costBasisCents) / position.costBasisCents : 0,
    weight_ratio: portfolioValueCents > 0 ? value / portfolioValueCents : 0,
    daily_change: value - previousValue,
    daily_change_ratio: previousValue > 0 ? (value - previousValue) / previousValue : 0,
  };
}

/** A dividend or split line of the order history, in the order's shape with `action` set. */
export function presentActionLine(entry: EntryRow): Order {
  const dividend = entry.kind === 'dividend';
  return {
    id: entry.id,
    contest_user: entry.contestUserId,
    security: entry.securityId,
    symbol: entry.symbol,
    order_type: 'BUY',
    kind: 'market',
    quantity: dividend ? entry.shares : (entry.sharesAfter ?? 0),
    limit_price: null,
    stop_price: null,
    time_in_force: 'gtc',
    triggered_at: null,
    status: entry.status === 'entitled' ? 'pending' : 'filled',
    fill_price: dividend ? entry.perShareCents : null,
    commission: 0,
    total: entry.cashCents,
    rejection_reason: null,
    created_at: entry.effectiveAt.toISOString(),
    closed_at: entry.closedAt?.toISOString() ?? null,
    action: {
      kind: entry.kind,
      per_share: entry.perShareCents,
      numerator: entry.numerator,
      denominator: entry.denominator,
      shares_before: entry.shares,
      pay_date: entry.payAt?.toISOString() ?? null,
    },
  };
}

/** A line of the contest's history of adjustments, naming the student and who did it. */
export function presentAdjustment(
  line: AdjustmentRow,
  member: { username: string; firstName: string } | undefined,
  actor: { username: string; firstName: string } | undefined,
): Adjustment {
  return {
    id: line.id,
    contest_user: line.contestUserId,
    member: { username: member?.username ?? '', first_name: member?.firstName ?? '' },
    kind: line.kind,
    amount: line.amountCents,
    value_before: line.valueBeforeCents,
    last_order: line.lastOrderId,
    reason: line.reason,
    actor: actor ? { username: actor.username, first_name: actor.firstName } : null,
    created_at: line.createdAt.toISOString(),
  };
}
