import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.ts';
import { createTestDatabase } from '../test/database.ts';
import { nyseCalendar } from './calendar.ts';
import { parseBarsCsv } from './import-bars.ts';
import { saveBars } from './queries.ts';
import { ReplayProvider } from './provider-replay.ts';

const CSV = `symbol,date,open,high,low,close,volume
AAPL,2025-06-09,200.00,203.50,199.10,202.00,1000
AAPL,2025-06-10,202.00,210.00,201.00,209.00,
AAPL,2025-06-11,209.00,212.00,205.00,206.50,1200
NOTREAL,2025-06-11,1,1,1,1,1
`;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('CSV import and replay provider', () => {
  it('parses, validates and stores bars in cents, replacing a re-imported day', async () => {
    const parsed = parseBarsCsv(CSV);
    expect(parsed.errors).toEqual([]);
    expect(parsed.skippedSymbols).toEqual(['NOTREAL']);
    expect(parsed.bars[0]).toMatchObject({
      symbol: 'AAPL',
      day: '2025-06-09',
      open: 20000,
      close: 20200,
    });
    expect(await saveBars(database.db, parsed.bars)).toBe(3);
    expect(await saveBars(database.db, parseBarsCsv(CSV).bars)).toBe(3);

    expect(parseBarsCsv('date,symbol\n').errors[0]).toMatch(/header/);
    const bad = parseBarsCsv(`symbol,date,open,high,low,close,volume
AAPL,11/06/2025,1,1,1,1,1
AAPL,2025-06-12,-1,1,1,1,1
AAPL,2025-06-13,10,9,8,10,1
AAPL,2025-06-16,1,1,1
`);
    expect(bad.errors).toHaveLength(4);
  });

  it('quotes and charts the imported bars as of the clock', async () => {
    const provider = new ReplayProvider(database.db, nyseCalendar, 'replay');
    await provider.load();
    expect(provider.securities().map((security) => security.symbol)).toEqual(['AAPL']);
    const evening = Date.parse('2025-06-11T22:00:00Z');
    expect(await provider.quote('AAPL', evening)).toMatchObject({
      lastCents: 20650,
      previousCloseCents: 20900,
    });
    const closes = await provider.dailyCloses('AAPL', Date.parse('2025-06-01T00:00:00Z'), evening);
    expect(closes.map((point) => point.cents)).toEqual([20200, 20900, 20650]);
    const open = Date.parse('2025-06-11T15:00:00Z');
    const live = await provider.quote('AAPL', open);
    expect(live?.isOpen).toBe(true);
    expect(live?.previousCloseCents).toBe(20900);
    const intraday = await provider.intraday(
      'AAPL',
      Date.parse('2025-06-11T13:30:00Z'),
      evening,
      5,
    );
    expect(intraday[0]?.cents).toBe(20900);
    expect(intraday.at(-1)?.cents).toBe(20650);
    // A 3.5% rise is not news; a move of 5% or more would be.
    expect(await provider.events({ symbol: 'AAPL' }, evening)).toEqual([]);
  });
});
