import fs from 'node:fs/promises';
import type { Database } from '../db/connection.ts';
import { openDatabase } from '../db/connection.ts';
import { loadConfig } from '../platform/config.ts';
import {
  DIVIDENDS_HEADER,
  parseDividendsCsv,
  parseSplitsCsv,
  SPLITS_HEADER,
} from './import-actions.ts';
import { CSV_HEADER, csvHeader, parseBarsCsv } from './import-bars.ts';
import { countBars, saveBars, saveImportedActions } from './queries.ts';

/**
 * `npm run market:import -- bars.csv [dividends.csv] [splits.csv] …`: loads daily bars, dividends
 * and splits for the replay provider into the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR). Each file's header says what it holds (import-bars.ts,
 * import-actions.ts); a file with a bad line imports nothing. Re-importing replaces a bar, a
 * dividend or a split of the same symbol and day. Stop the server first when it uses the
 * embedded database: only one process may open it.
 */
type Parsed = { errors: string[]; skippedSymbols: string[]; save: () => Promise<string> };

const KINDS = [CSV_HEADER, DIVIDENDS_HEADER, SPLITS_HEADER].map((header) => header.join(','));

/** Parses a file by the kind its header names; null when the header names none. */
function parseFile(db: Database, text: string): Parsed | null {
  switch (csvHeader(text).join(',')) {
    case CSV_HEADER.join(','): {
      const result = parseBarsCsv(text);
      return { ...result, save: async () => `${await saveBars(db, result.bars)} bars` };
    }
    case DIVIDENDS_HEADER.join(','): {
      const result = parseDividendsCsv(text);
      const save = async () =>
        `${await saveImportedActions(db, { dividends: result.actions, splits: [] })} dividends`;
      return { ...result, save };
    }
    case SPLITS_HEADER.join(','): {
      const result = parseSplitsCsv(text);
      const save = async () =>
        `${await saveImportedActions(db, { dividends: [], splits: result.actions })} splits`;
      return { ...result, save };
    }
    default:
      return null;
  }
}

async function importFile(db: Database, file: string): Promise<boolean> {
  const parsed = parseFile(db, await fs.readFile(file, 'utf8'));
  if (!parsed) {
    console.error(`${file}: nothing imported, line 1: the header must be one of`);
    for (const kind of KINDS) console.error(`  ${kind}`);
    return false;
  }
  if (parsed.errors.length > 0) {
    console.error(`${file}: nothing imported, ${parsed.errors.length} problem(s):`);
    for (const error of parsed.errors.slice(0, 20)) console.error(`  ${error}`);
    return false;
  }
  process.stdout.write(`${file}: ${await parsed.save()} imported\n`);
  if (parsed.skippedSymbols.length > 0) {
    console.warn(
      `${file}: skipped symbols outside the universe: ${parsed.skippedSymbols.join(', ')}`,
    );
  }
  return true;
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error(
      'Usage: npm run market:import -- bars.csv [dividends.csv] [splits.csv] [more.csv]',
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const file of files) {
      if (!(await importFile(database.db, file))) return 1;
    }
    const totals = await countBars(database.db);
    process.stdout.write(`database now holds ${totals.bars} bars for ${totals.symbols} symbols\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
