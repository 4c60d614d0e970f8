import type { Bar } from './queries.ts';
import { securityBySymbol } from './universe.ts';

/**
 * CSV of daily bars, one per line, with this header (extra columns are refused):
 *   symbol,date,open,high,low,close,volume
 * `date` is YYYY-MM-DD (the trading day); prices are dollars with at most 4 decimals
 * (stored rounded to cents); volume is a whole number and may be empty.
 */
export const CSV_HEADER = ['symbol', 'date', 'open', 'high', 'low', 'close', 'volume'] as const;

export type { Bar };
export type ParseResult = { bars: Bar[]; errors: string[]; skippedSymbols: string[] };

const PRICE = /^\d+(\.\d{1,4})?$/;

function cents(text: string): number | null {
  return PRICE.test(text) ? Math.round(Number(text) * 100) : null;
}

export function parseBarsCsv(text: string): ParseResult {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const errors: string[] = [];
  const skipped = new Set<string>();
  const bars: Bar[] = [];
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  if (header.join(',') !== CSV_HEADER.join(',')) {
    return {
      bars,
      errors: [`line 1: the header must be ${CSV_HEADER.join(',')}`],
      skippedSymbols: [],
    };
  }
  lines.slice(1).forEach((line, offset) => {
    const where = `line ${offset + 2}`;
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== CSV_HEADER.length) {
      errors.push(`${where}: expected ${CSV_HEADER.length} columns, found ${cells.length}`);
      return;
    }
    const [symbolText, day, openText, highText, lowText, closeText, volumeText] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const symbol = symbolText.toUpperCase();
    if (!securityBySymbol.has(symbol)) {
      skipped.add(symbol);
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      errors.push(`${where}: date must be YYYY-MM-DD`);
      return;
    }
    const [open, high, low, close] = [openText, highText, lowText, closeText].map(cents);
    if (open == null || high == null || low == null || close == null || close === 0 || open === 0) {
      errors.push(`${where}: open, high, low and close must be positive prices`);
      return;
    }
    if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
      errors.push(`${where}: high and low must contain open and close`);
      return;
    }
    if (volumeText !== '' && !/^\d+$/.test(volumeText)) {
      errors.push(`${where}: volume must be a whole number`);
      return;
    }
    bars.push({
      symbol,
      day,
      open,
      high,
      low,
      close,
      volume: volumeText === '' ? 0 : Number(volumeText),
    });
  });
  return { bars, errors, skippedSymbols: [...skipped].sort() };
}
