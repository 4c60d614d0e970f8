import { formatCents } from './money.ts';

/**
 * Contest rule packs (docs/decisions/046-contest-rule-packs.md): the controls a contest's owner
 * sets so that a contest rewards investing rather than gambling, the named presets that fill
 * them, and the sentences a student reads when an order breaks one. Without zod: the server,
 * the contest form and the contest page read them (contests.ts holds the schemas).
 */

/** The market's sector names (apps/server/src/market/sectors.ts, whose test checks the match). */
export const MARKET_SECTOR_NAMES = [
  'Energy',
  'Materials',
  'Industrials',
  'Consumer Discretionary',
  'Consumer Staples',
  'Health Care',
  'Financials',
  'Information Technology',
  'Communication Services',
  'Utilities',
  'Real Estate',
] as const;
export type MarketSectorName = (typeof MARKET_SECTOR_NAMES)[number];

export const RULE_PRESET_NAMES = ['beginner', 'classic', 'advanced', 'custom'] as const;
export type RulePreset = (typeof RULE_PRESET_NAMES)[number];

/** The rules an order meets at placement, besides the contest running and its market hours. */
export type ContestRules = {
  /** Largest weight of one position after a buy, in percent; null for no limit. */
  max_position_weight: number | null;
  /** Only these tickers may be bought; null for every ticker of the market. */
  allowed_symbols: string[] | null;
  /** Tickers that may not be bought. */
  blocked_symbols: string[];
  /** Only stocks of these sectors may be bought; null for every sector. */
  allowed_sectors: MarketSectorName[] | null;
  /** Sectors whose stocks may not be bought. */
  blocked_sectors: MarketSectorName[];
  /** The lowest share price a buy may be placed at (the current price), in cents; null for none. */
  min_share_price: number | null;
  /** Orders a portfolio may place per market day (New York), buys and sells; null for no limit. */
  max_trades_per_day: number | null;
  /** Minutes from the latest buy of a stock before it may be sold; null for no wait. */
  min_holding_minutes: number | null;
};

/** Every control off: a contest without rules, and the start of a custom set. */
export const NO_RULES: ContestRules = {
  max_position_weight: null,
  allowed_symbols: null,
  blocked_symbols: [],
  allowed_sectors: null,
  blocked_sectors: [],
  min_share_price: null,
  max_trades_per_day: null,
  min_holding_minutes: null,
};

/**
 * The named presets a teacher starts from (docs/decisions/046-contest-rule-packs.md says why
 * these figures). Short selling is off in every one: Bullpen has none.
 * - beginner: no stock under $5 a share, no position above 25 % of the portfolio, at most 10
 *   orders a day, and a stock kept at least a day before it is sold.
 * - classic: no stock under $1 a share, no position above 40 % of the portfolio.
 * - advanced: no rules beyond the market's own.
 */
export const RULE_PRESETS: Record<Exclude<RulePreset, 'custom'>, ContestRules> = {
  beginner: {
    ...NO_RULES,
    max_position_weight: 25,
    min_share_price: 500,
    max_trades_per_day: 10,
    min_holding_minutes: 1_440,
  },
  classic: { ...NO_RULES, max_position_weight: 40, min_share_price: 100 },
  advanced: NO_RULES,
};

export const RULE_FIELDS = Object.keys(NO_RULES) as (keyof ContestRules)[];

/** The rules a preset starts from: custom starts from none. */
export function presetRules(preset: RulePreset): ContestRules {
  return preset === 'custom' ? NO_RULES : RULE_PRESETS[preset];
}

function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((item, index) => item === right[index]);
}

/** True when two sets of rules say the same (lists compared as sets). */
export function sameRules(a: ContestRules, b: ContestRules): boolean {
  return RULE_FIELDS.every((field) => {
    const left = a[field];
    const right = b[field];
    if (Array.isArray(left) || Array.isArray(right) || left === null || right === null) {
      return sameList(left as string[] | null, right as string[] | null);
    }
    return left === right;
  });
}

/**
 * The rules a create or edit body asks for: the preset's values, with the fields the body
 * gives over them. A named preset whose values were changed is custom.
 */
export function resolveContestRules(
  input: Partial<ContestRules> & { rule_preset?: RulePreset | undefined },
): ContestRules & { rule_preset: RulePreset } {
  const preset = input.rule_preset ?? 'custom';
  const rules = { ...presetRules(preset) };
  for (const field of RULE_FIELDS) {
    const value = input[field];
    if (value !== undefined) (rules as Record<string, unknown>)[field] = value;
  }
  const label = preset !== 'custom' && sameRules(rules, presetRules(preset)) ? preset : 'custom';
  return { ...rules, rule_preset: label };
}

/** "1 day", "3 hours", "90 minutes": the unit a holding time reads best in, with its count. */
export function holdingPeriod(minutes: number): { unit: 'day' | 'hour' | 'minute'; count: number } {
  if (minutes % 1_440 === 0) return { unit: 'day', count: minutes / 1_440 };
  if (minutes % 60 === 0) return { unit: 'hour', count: minutes / 60 };
  return { unit: 'minute', count: minutes };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What a student reads when an order breaks a rule (the web catalogue holds each sentence
 * under contests:orderTicket.messages, in English and Spanish), and what a teacher reads
 * when a rule's field is wrong.
 */
export const ruleMessages = {
  symbolNotAllowed: (symbol: string) =>
    `This contest only lets you buy the stocks on its list, and ${symbol} is not one of them.`,
  symbolBlocked: (symbol: string) =>
    `You cannot buy ${symbol} in this contest: the contest's owner blocked it.`,
  sectorNotAllowed: (symbol: string, sector: string) =>
    `This contest only lets you buy stocks from some sectors, and ${symbol} is in ${sector}.`,
  sectorBlocked: (symbol: string, sector: string) =>
    `You cannot buy ${symbol} in this contest: stocks in ${sector} are blocked.`,
  priceTooLow: (symbol: string, priceCents: number, minCents: number) =>
    `This contest does not let you buy stocks under ${formatCents(minCents)} a share, and ${symbol} costs ${formatCents(priceCents)}.`,
  tooManyTrades: (max: number) =>
    max === 1
      ? 'This contest allows 1 order a day and you have placed it today. You can trade again on the next market day.'
      : `This contest allows ${max} orders a day and you have placed them all today. You can trade again on the next market day.`,
  holdLonger: (symbol: string, minutes: number) => {
    const { unit, count } = holdingPeriod(minutes);
    const period = plural(count, unit);
    return `This contest asks you to keep a stock at least ${period} after you buy it, and you bought ${symbol} less than ${period} ago.`;
  },
  tickerFormat: 'Enter tickers such as AAPL or SPY.',
  unknownTicker: (symbol: string) => `${symbol} is not a ticker of this market.`,
  tickerTwice: 'List each ticker once.',
  tooManyTickers: 'List at most 100 tickers.',
  sectorName: 'Choose sectors of the market.',
  sectorTwice: 'List each sector once.',
  minSharePrice: 'Enter a price from $0.01 to $1,000.',
  maxTradesPerDay: 'Enter a whole number of orders from 1 to 100.',
  minHoldingMinutes: 'Enter a whole number of minutes from 1 to 43,200 (30 days).',
  preset: 'Choose beginner, classic, advanced or custom.',
} as const;
