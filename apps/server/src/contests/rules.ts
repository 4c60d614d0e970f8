import {
  resolveContestRules,
  ruleMessages,
  type ContestRules,
  type MarketSectorName,
  type RulePreset,
} from '@bullpen/contract/contests';
import { percentToBasisPoints } from '@bullpen/contract/money';
import { findSecurityBySymbol, type MarketContext } from '../market/service.ts';
import { badRequest } from '../platform/errors.ts';
import type { ContestRow } from './status.ts';

/**
 * A contest's trading rules (docs/decisions/046-contest-rule-packs.md): from a create or edit
 * body to the contest's columns and back (the edit is `setContestRules` in service.ts). Trading enforces them when an
 * order is placed (trading/order-rules.ts, trading/orders-service.ts).
 */

export type ResolvedRules = ContestRules & { rule_preset: RulePreset };

/** The rules as the contest's columns. */
export function ruleColumns(rules: ResolvedRules) {
  return {
    rulePreset: rules.rule_preset,
    maxPositionWeightBps:
      rules.max_position_weight === null ? null : percentToBasisPoints(rules.max_position_weight),
    allowedSymbols: rules.allowed_symbols,
    blockedSymbols: rules.blocked_symbols,
    allowedSectors: rules.allowed_sectors,
    blockedSectors: rules.blocked_sectors,
    minSharePriceCents: rules.min_share_price,
    maxTradesPerDay: rules.max_trades_per_day,
    minHoldingMinutes: rules.min_holding_minutes,
  };
}

/** The contest's rules as the API gives them. */
export function presentRules(contest: ContestRow): ResolvedRules {
  return {
    rule_preset: contest.rulePreset,
    max_position_weight:
      contest.maxPositionWeightBps === null ? null : contest.maxPositionWeightBps / 100,
    allowed_symbols: contest.allowedSymbols,
    blocked_symbols: contest.blockedSymbols,
    allowed_sectors: contest.allowedSectors as MarketSectorName[] | null,
    blocked_sectors: contest.blockedSectors as MarketSectorName[],
    min_share_price: contest.minSharePriceCents,
    max_trades_per_day: contest.maxTradesPerDay,
    min_holding_minutes: contest.minHoldingMinutes,
  };
}

/**
 * The rules a create or edit body asks for (`resolveContestRules`), with every ticker checked
 * against the market: an unknown one is a 400 on its list, so a typo never blocks nothing.
 */
export function rulesFromBody(
  market: MarketContext,
  body: Partial<ContestRules> & { rule_preset?: RulePreset | undefined },
): ResolvedRules {
  const rules = resolveContestRules(body);
  const errors: Record<string, string[]> = {};
  for (const field of ['allowed_symbols', 'blocked_symbols'] as const) {
    const unknown = (rules[field] ?? []).filter(
      (symbol) => findSecurityBySymbol(market, symbol) === undefined,
    );
    if (unknown.length > 0) errors[field] = unknown.map(ruleMessages.unknownTicker);
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return rules;
}
