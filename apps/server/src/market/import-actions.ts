import type { DividendDefinition, SplitDefinition } from './corporate-actions.ts';
import { cents, csvRows, isIsoDay } from './import-bars.ts';
import { securityBySymbol } from './universe.ts';

/**
 * CSV of dividends and splits for the replay provider (docs/decisions/012), read by
 * `npm run market:import` next to the bars, with the same rules: an exact header, a
 * line-numbered error for every bad line, symbols outside the universe skipped and reported.
 *
 *   symbol,ex_date,pay_date,amount      amount: dollars per share (≤ 4 decimals, to the cent)
 *   symbol,date,ratio                   ratio: N:D new shares for old (4:1; 1:10 reverse)
 *
 * A split's `date` is its first split-adjusted trading day, as the bars show it (the bars are
 * the actual prices, so the price steps there); a dividend's holders are those of the close
 * before `ex_date`, paid on `pay_date`.
 */
export const DIVIDENDS_HEADER = ['symbol', 'ex_date', 'pay_date', 'amount'] as const;
export const SPLITS_HEADER = ['symbol', 'date', 'ratio'] as const;

/** The largest part of a split ratio, as for a split staff schedule. */
const RATIO_PART_MAX = 1000;

export type ActionsParseResult<T> = { actions: T[]; errors: string[]; skippedSymbols: string[] };

type Row = { line: number; cells: string[] };

/** Reads the rows of one file, skipping unknown symbols and refusing a repeated (symbol, day). */
function parseRows<T>(
  text: string,
  header: readonly string[],
  what: string,
  parse: (row: Row, symbol: string) => { action: T; day: string } | string,
): ActionsParseResult<T> {
  const { rows, errors } = csvRows(text, header);
  const skipped = new Set<string>();
  const seen = new Map<string, number>();
  const actions: T[] = [];
  for (const row of rows) {
    const symbol = (row.cells[0] as string).toUpperCase();
    if (!securityBySymbol.has(symbol)) {
      skipped.add(symbol);
      continue;
    }
    const parsed = parse(row, symbol);
    if (typeof parsed === 'string') {
      errors.push(`line ${row.line}: ${parsed}`);
      continue;
    }
    const key = `${symbol} ${parsed.day}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(
        `line ${row.line}: ${symbol} already has a ${what} on ${parsed.day} (line ${earlier})`,
      );
      continue;
    }
    seen.set(key, row.line);
    actions.push(parsed.action);
  }
  return { actions, errors: sortByLine(errors), skippedSymbols: [...skipped].sort() };
}

function sortByLine(errors: string[]): string[] {
  const lineOf = (error: string) => Number(/^line (\d+)/.exec(error)?.[1] ?? 0);
  return [...errors].sort((a, b) => lineOf(a) - lineOf(b));
}

export function parseDividendsCsv(text: string): ActionsParseResult<DividendDefinition> {
  return parseRows(text, DIVIDENDS_HEADER, 'dividend', ({ cells }, symbol) => {
    const [, exDate, payDate, amount] = cells as [string, string, string, string];
    if (!isIsoDay(exDate)) return 'ex_date must be YYYY-MM-DD';
    if (!isIsoDay(payDate)) return 'pay_date must be YYYY-MM-DD';
    if (payDate < exDate) return 'pay_date must be on or after ex_date';
    const cashCents = cents(amount);
    if (cashCents === null || cashCents === 0) {
      return 'amount must be dollars per share of at least one cent (0.24)';
    }
    return { action: { symbol, exDate, payDate, cashCents }, day: exDate };
  });
}

export function parseSplitsCsv(text: string): ActionsParseResult<SplitDefinition> {
  return parseRows(text, SPLITS_HEADER, 'split', ({ cells }, symbol) => {
    const [, effectiveDate, ratio] = cells as [string, string, string];
    if (!isIsoDay(effectiveDate)) return 'date must be YYYY-MM-DD';
    const match = /^(\d+):(\d+)$/.exec(ratio);
    const [numerator, denominator] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    const inRange = (part: number) => part >= 1 && part <= RATIO_PART_MAX;
    if (!inRange(numerator) || !inRange(denominator) || numerator === denominator) {
      return `ratio must be N:D new shares for old, each from 1 to ${RATIO_PART_MAX} and not equal (4:1, 1:10)`;
    }
    return { action: { symbol, effectiveDate, numerator, denominator }, day: effectiveDate };
  });
}
