import { decimalToCents } from '@bullpen/contract/money';
import { CsvError, type InfoRecord, parse } from 'csv-parse/sync';
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

/** Dollars with at most 4 decimals, in cents rounded half up; null when not such a number. */
export function cents(text: string): number | null {
  return decimalToCents(text, 4);
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A record of a CSV file: its line number (its last, for a quoted line break), trimmed cells. */
export type CsvRow = { line: number; cells: string[] };

/**
 * The records of a CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line
 * breaks, each read as "\n"); a byte order mark and CRLF line ends are accepted. Blank lines
 * are skipped but still counted, so errors name the line an editor shows. A text that is not
 * CSV at all (a quote never closed) gives its line and no records.
 */
function readCsv(text: string, options: { firstOnly?: boolean } = {}): CsvRow[] | string {
  try {
    // `info: true` wraps each record with its position; csv-parse's types do not follow that.
    // One line end throughout: csv-parse counts a CRLF inside quotes as two lines.
    const records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      ...(options.firstOnly ? { to: 1 } : {}),
    }) as unknown as { record: string[]; info: InfoRecord }[];
    return records.map(({ record, info }) => ({
      line: info.lines,
      cells: record.map((cell) => cell.trim()),
    }));
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: csv-parse throws only CsvError; the test is a guard.
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return `line ${line}: not a valid CSV file (${error.code})`;
  }
}

/** The lower-cased cells of a CSV text's first record: what the file holds. */
export function csvHeader(text: string): string[] {
  const rows = readCsv(text, { firstOnly: true });
  return typeof rows === 'string' ? [] : (rows[0]?.cells ?? []).map((cell) => cell.toLowerCase());
}

/**
 * The data records of a CSV whose header must be exactly `header`, each with as many cells.
 */
export function csvRows(
  text: string,
  header: readonly string[],
): { rows: CsvRow[]; errors: string[] } {
  const records = readCsv(text);
  if (typeof records === 'string') return { rows: [], errors: [records] };
  const first = records[0];
  if (!first || first.cells.map((cell) => cell.toLowerCase()).join(',') !== header.join(',')) {
    return {
      rows: [],
      errors: [`line ${first?.line ?? 1}: the header must be ${header.join(',')}`],
    };
  }
  const rows: CsvRow[] = [];
  const errors: string[] = [];
  for (const row of records.slice(1)) {
    if (row.cells.length !== header.length) {
      errors.push(`line ${row.line}: expected ${header.length} columns, found ${row.cells.length}`);
      continue;
    }
    rows.push(row);
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
