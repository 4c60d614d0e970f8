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

/** Dollars with at most 4 decimals, in cents rounded half up; null when not such a number. */
export function cents(text: string): number | null {
  return PRICE.test(text) ? Math.round(Number(text) * 100) : null;
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The lower-cased cells of a CSV text's first non-empty line: what the file holds. */
export function csvHeader(text: string): string[] {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return first.split(',').map((cell) => cell.trim().toLowerCase());
}

/** A data line of a CSV file: its 1-based line number (for errors) and trimmed cells. */
export type CsvRow = { line: number; cells: string[] };

/**
 * The data lines of a CSV whose header must be exactly `header`, each with as many cells;
 * blank lines are ignored but still counted, so errors name the line an editor shows.
 */
export function csvRows(
  text: string,
  header: readonly string[],
): { rows: CsvRow[]; errors: string[] } {
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter(({ text: line }) => line.trim() !== '');
  const first = lines[0];
  if (!first || csvHeader(first.text).join(',') !== header.join(',')) {
    return {
      rows: [],
      errors: [`line ${first?.line ?? 1}: the header must be ${header.join(',')}`],
    };
  }
  const rows: CsvRow[] = [];
  const errors: string[] = [];
  for (const { line, text: content } of lines.slice(1)) {
    const cells = content.split(',').map((cell) => cell.trim());
    if (cells.length !== header.length) {
      errors.push(`line ${line}: expected ${header.length} columns, found ${cells.length}`);
      continue;
    }
    rows.push({ line, cells });
  }
  return { rows, errors };
}

export function parseBarsCsv(text: string): ParseResult {
  const { rows, errors } = csvRows(text, CSV_HEADER);
  const skipped = new Set<string>();
  const bars: Bar[] = [];
  for (const { line, cells } of rows) {
    const where = `line ${line}`;
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
      continue;
    }
    if (!isIsoDay(day)) {
      errors.push(`${where}: date must be YYYY-MM-DD`);
      continue;
    }
    const [open, high, low, close] = [openText, highText, lowText, closeText].map(cents);
    if (open == null || high == null || low == null || close == null || close === 0 || open === 0) {
      errors.push(`${where}: open, high, low and close must be positive prices`);
      continue;
    }
    if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
      errors.push(`${where}: high and low must contain open and close`);
      continue;
    }
    if (volumeText !== '' && !/^\d+$/.test(volumeText)) {
      errors.push(`${where}: volume must be a whole number`);
      continue;
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
  }
  return { bars, errors, skippedSymbols: [...skipped].sort() };
}
