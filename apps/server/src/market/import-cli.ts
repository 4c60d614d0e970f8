import fs from 'node:fs/promises';
import { openDatabase } from '../db/connection.ts';
import { loadConfig } from '../platform/config.ts';
import { parseBarsCsv } from './import-bars.ts';
import { countBars, saveBars } from './queries.ts';

/**
 * `npm run market:import -- file.csv [more.csv]`: loads daily bars for the replay provider
 * into the configured database (DATABASE_URL, or the embedded one under DATA_DIR). Stop the
 * server first when it uses the embedded database: only one process may open it.
 */
async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error('Usage: npm run market:import -- bars.csv [more.csv]');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const file of files) {
      const result = parseBarsCsv(await fs.readFile(file, 'utf8'));
      if (result.errors.length > 0) {
        console.error(`${file}: nothing imported, ${result.errors.length} problem(s):`);
        for (const error of result.errors.slice(0, 20)) console.error(`  ${error}`);
        return 1;
      }
      const saved = await saveBars(database.db, result.bars);
      process.stdout.write(`${file}: ${saved} bars imported\n`);
      if (result.skippedSymbols.length > 0) {
        console.warn(
          `${file}: skipped symbols outside the universe: ${result.skippedSymbols.join(', ')}`,
        );
      }
    }
    const totals = await countBars(database.db);
    process.stdout.write(`database now holds ${totals.bars} bars for ${totals.symbols} symbols\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
