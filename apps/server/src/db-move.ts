import { getTableName } from 'drizzle-orm';
import { openDatabase } from './db/connection.ts';
import { MoveError, moveDatabase, type LedgerTotal } from './db/move.ts';
import { contestUsers } from './db/schema/contests.ts';
import { pointBalances, pointEntries } from './db/schema/points.ts';
import { positions } from './db/schema/trading.ts';
import { loadConfig } from './platform/config.ts';

/**
 * The ledgers whose sums a move checks on both sides and prints: the points (entries and
 * the balances kept beside them), the portfolios' cash and reserved cash, the shares held.
 */
export const movedLedgers: LedgerTotal[] = [
  { label: 'points', table: getTableName(pointEntries), column: pointEntries.points.name },
  {
    label: 'point balances',
    table: getTableName(pointBalances),
    column: pointBalances.balance.name,
  },
  { label: 'cash (cents)', table: getTableName(contestUsers), column: contestUsers.cashCents.name },
  {
    label: 'reserved cash (cents)',
    table: getTableName(contestUsers),
    column: contestUsers.reservedCashCents.name,
  },
  { label: 'shares held', table: getTableName(positions), column: positions.shares.name },
  {
    label: 'shares reserved',
    table: getTableName(positions),
    column: positions.reservedShares.name,
  },
];

/** The address with its password hidden, for the lines this prints. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '****';
  return parsed.toString();
}

/**
 * `npm run db:move -- postgres://user:password@host:5432/bullpen`: copies the embedded database
 * under DATA_DIR into an empty PostgreSQL database (docs/operations.md, "From the embedded
 * database to PostgreSQL"). Stop the server first: only one process may open the embedded one.
 */
async function main(argv: string[]): Promise<number> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const [url] = argv;
  if (!url || !/^postgres(ql)?:\/\//.test(url) || argv.length > 1) {
    console.error('Usage: npm run db:move -- postgres://user:password@host:5432/database');
    return 2;
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined });
  say(`Copying the embedded database in ${config.dataDir} into ${shown(url)}`);
  const source = await openDatabase({ dataDir: config.dataDir });
  try {
    const target = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
    try {
      const report = await moveDatabase(source, target, {
        ledgers: movedLedgers,
        log: (line) => say(`  ${line}`),
      });
      const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
      say(`Copied ${rows} rows in ${report.tables.length} tables; every table checked.`);
      for (const ledger of report.ledgers) {
        say(`  ${ledger.label}: ${ledger.total} on both sides`);
      }
      say('');
      say('Now start Bullpen on PostgreSQL with:');
      say(`  DATABASE_URL=${shown(url)}`);
      say(
        `and keep DATA_DIR=${config.dataDir}: the profile pictures stay in its media folder. ` +
          'The embedded database is left as it was; keep it as a backup until you are sure.',
      );
      return 0;
    } finally {
      await target.close();
    }
  } catch (error) {
    if (error instanceof MoveError) {
      console.error(`Nothing was moved: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await source.close();
  }
}

// Run as a command, not when a test imports the ledgers.
if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
