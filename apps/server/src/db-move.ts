import { openDatabase } from './db/connection.ts';
import { MoveError, moveDatabase, type LedgerTotal } from './db/move.ts';
import { loadConfig } from './platform/config.ts';

/**
 * The ledgers whose sums a move checks on both sides and prints: the points (entries and
 * the balances kept beside them), the portfolios' cash and reserved cash, the shares held.
 */
export const movedLedgers: LedgerTotal[] = [
  // By their names in the database: a renamed column fails db-move.test.ts, which moves these.
  { label: 'points', table: 'point_entries', column: 'points' },
  { label: 'point balances', table: 'point_balances', column: 'balance' },
  { label: 'cash (cents)', table: 'contest_users', column: 'cash_cents' },
  { label: 'reserved cash (cents)', table: 'contest_users', column: 'reserved_cash_cents' },
  { label: 'shares held', table: 'positions', column: 'shares' },
  { label: 'shares reserved', table: 'positions', column: 'reserved_shares' },
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
