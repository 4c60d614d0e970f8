import { describe, expect, it } from 'vitest';
import {
  NO_RULES,
  resolveContestRules,
  RULE_PRESETS,
  ruleMessages,
} from '@bullpen/contract/contest-rules';
import {
  contestRuleRefusal,
  hasPlacementRules,
  type OrderAtPlacement,
  type PlacementRules,
} from './order-rules.ts';

/** The trading rules' boundaries, without a database (docs/decisions/046-contest-rule-packs.md). */

const none: PlacementRules = {
  allowedSymbols: null,
  blockedSymbols: [],
  allowedSectors: null,
  blockedSectors: [],
  minSharePriceCents: null,
  maxTradesPerDay: null,
  minHoldingMinutes: null,
};
const now = Date.parse('2026-11-18T15:00:00Z');
const buy: OrderAtPlacement = {
  side: 'BUY',
  symbol: 'XOM',
  sector: 'Energy',
  priceCents: 10_000,
  ordersToday: 0,
  lastBuyAt: null,
  now,
};
const sell: OrderAtPlacement = { ...buy, side: 'SELL' };

describe('contestRuleRefusal', () => {
  it('lets every order through a contest without rules', () => {
    expect(hasPlacementRules(none)).toBe(false);
    expect(contestRuleRefusal(none, buy)).toBeNull();
    expect(contestRuleRefusal(none, { ...sell, lastBuyAt: now })).toBeNull();
  });

  it('counts orders a day up to the limit, buys and sells alike', () => {
    const rules = { ...none, maxTradesPerDay: 3 };
    expect(hasPlacementRules(rules)).toBe(true);
    expect(contestRuleRefusal(rules, { ...buy, ordersToday: 2 })).toBeNull();
    expect(contestRuleRefusal(rules, { ...buy, ordersToday: 3 })).toBe(
      ruleMessages.tooManyTrades(3),
    );
    expect(contestRuleRefusal(rules, { ...sell, ordersToday: 3 })).toBe(
      ruleMessages.tooManyTrades(3),
    );
    expect(ruleMessages.tooManyTrades(1)).toBe(
      'This contest allows 1 order a day and you have placed it today. You can trade again on the next market day.',
    );
  });

  it('holds a sell until the holding time has passed since the latest buy, to the minute', () => {
    const rules = { ...none, minHoldingMinutes: 60 };
    const boughtAt = now - 60 * 60_000;
    expect(contestRuleRefusal(rules, { ...sell, lastBuyAt: boughtAt })).toBeNull();
    expect(contestRuleRefusal(rules, { ...sell, lastBuyAt: boughtAt + 1 })).toBe(
      ruleMessages.holdLonger('XOM', 60),
    );
    // Never bought here (a holding from a corporate action, say): nothing to wait for.
    expect(contestRuleRefusal(rules, { ...sell, lastBuyAt: null })).toBeNull();
    // A buy is never held back by it.
    expect(contestRuleRefusal(rules, { ...buy, lastBuyAt: boughtAt + 1 })).toBeNull();
  });

  it('says the holding time in days, hours or minutes', () => {
    expect(ruleMessages.holdLonger('AAPL', 2_880)).toContain('at least 2 days after');
    expect(ruleMessages.holdLonger('AAPL', 60)).toContain('less than 1 hour ago');
    expect(ruleMessages.holdLonger('AAPL', 90)).toContain('at least 90 minutes after');
  });

  it('refuses a buy by ticker and sector lists, but never a sell', () => {
    expect(contestRuleRefusal({ ...none, blockedSymbols: ['XOM'] }, buy)).toBe(
      ruleMessages.symbolBlocked('XOM'),
    );
    expect(contestRuleRefusal({ ...none, blockedSymbols: ['XOM'] }, sell)).toBeNull();
    expect(contestRuleRefusal({ ...none, allowedSymbols: ['XOM'] }, buy)).toBeNull();
    expect(contestRuleRefusal({ ...none, allowedSymbols: ['AAPL'] }, buy)).toBe(
      ruleMessages.symbolNotAllowed('XOM'),
    );
    expect(contestRuleRefusal({ ...none, blockedSectors: ['Energy'] }, buy)).toBe(
      ruleMessages.sectorBlocked('XOM', 'Energy'),
    );
    expect(contestRuleRefusal({ ...none, allowedSectors: ['Energy'] }, buy)).toBeNull();
    expect(contestRuleRefusal({ ...none, allowedSectors: ['Utilities'] }, buy)).toBe(
      ruleMessages.sectorNotAllowed('XOM', 'Energy'),
    );
  });

  it('refuses a buy under the lowest share price, not at it', () => {
    const rules = { ...none, minSharePriceCents: 500 };
    expect(contestRuleRefusal(rules, { ...buy, priceCents: 500 })).toBeNull();
    expect(contestRuleRefusal(rules, { ...buy, priceCents: 499 })).toBe(
      'This contest does not let you buy stocks under $5.00 a share, and XOM costs $4.99.',
    );
    expect(contestRuleRefusal(rules, { ...sell, priceCents: 1 })).toBeNull();
  });
});

describe('resolveContestRules', () => {
  it('is no rule and custom when nothing is given', () => {
    expect(resolveContestRules({})).toEqual({ ...NO_RULES, rule_preset: 'custom' });
  });

  it('takes a preset’s values, keeps its name while they are unchanged, else custom', () => {
    expect(resolveContestRules({ rule_preset: 'classic' })).toEqual({
      ...RULE_PRESETS.classic,
      rule_preset: 'classic',
    });
    expect(
      resolveContestRules({ rule_preset: 'classic', max_position_weight: 40, blocked_symbols: [] }),
    ).toMatchObject({ rule_preset: 'classic' });
    expect(resolveContestRules({ rule_preset: 'beginner', blocked_symbols: ['XOM'] })).toEqual({
      ...RULE_PRESETS.beginner,
      blocked_symbols: ['XOM'],
      rule_preset: 'custom',
    });
    expect(resolveContestRules({ rule_preset: 'advanced', min_holding_minutes: null })).toEqual({
      ...NO_RULES,
      rule_preset: 'advanced',
    });
  });
});
