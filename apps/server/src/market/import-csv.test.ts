import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDividendsCsv, parseSplitsCsv } from './import-actions.ts';
import { CSV_HEADER, csvHeader, csvRows, isIsoDay, parseBarsCsv } from './import-bars.ts';

const BOM = '\uFEFF';

describe('reading the import CSV files', () => {
  it('reads quoted fields, a byte order mark and CRLF line ends', () => {
    const text = `${BOM}symbol,date,open,high,low,close,volume\r\n"AAPL","2025-06-09","200.00",203.50,199.10,"202.00",""\r\n\r\nmsft , 2025-06-09 ,"400",401,399,400,"1000"\r\n`;
    expect(csvHeader(text)).toEqual([...CSV_HEADER]);
    const parsed = parseBarsCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.bars).toEqual([
      {
        symbol: 'AAPL',
        day: '2025-06-09',
        open: 20000,
        high: 20350,
        low: 19910,
        close: 20200,
        volume: 0,
      },
      {
        symbol: 'MSFT',
        day: '2025-06-09',
        open: 40000,
        high: 40100,
        low: 39900,
        close: 40000,
        volume: 1000,
      },
    ]);
  });

  it('keeps a quoted comma inside its cell, so the columns still count right', () => {
    const { rows, errors } = csvRows(
      'name,note\r\n"Smith, Ana","said ""hi"""\r\nBen,"a\r\nb"\r\nCy,c\r\n',
      ['name', 'note'],
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, cells: ['Smith, Ana', 'said "hi"'] },
      { line: 4, cells: ['Ben', 'a\nb'] },
      { line: 5, cells: ['Cy', 'c'] },
    ]);
    const bars = parseBarsCsv(`symbol,date,open,high,low,close,volume
AAPL,2025-06-09,"1,000.00",1,1,1,1
`);
    expect(bars.errors).toEqual(['line 2: open, high, low and close must be positive prices']);
  });

  it('rounds prices to the cent on the digits: 1.005 is 101 cents', () => {
    const parsed = parseBarsCsv(`symbol,date,open,high,low,close,volume
AAPL,2025-06-09,1.005,2.675,1.0049,1.005,10
`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.bars[0]).toMatchObject({ open: 101, high: 268, low: 100, close: 101 });
    const dividends = parseDividendsCsv(
      'symbol,ex_date,pay_date,amount\nAAPL,2025-06-12,2025-06-13,1.005\n',
    );
    expect(dividends.actions[0]?.cashCents).toBe(101);
  });

  it('refuses a file that is not CSV with the line, and a header written in another case', () => {
    expect(csvRows('a,b\n1,2\n"3,4\n', ['a', 'b'])).toEqual({
      rows: [],
      errors: ['line 3: not a valid CSV file (CSV_QUOTE_NOT_CLOSED)'],
    });
    expect(csvHeader('"a,b\n')).toEqual([]);
    expect(csvRows('\n\nA,B\n\n1,2\n', ['a', 'b'])).toEqual({
      rows: [{ line: 5, cells: ['1', '2'] }],
      errors: [],
    });
  });

  it('reads back any cells written as quoted CSV', () => {
    const cell = fc.string({ unit: 'grapheme-ascii', maxLength: 12 });
    const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cell, cell, cell), { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (records, newline, bom) => {
          const text =
            (bom ? BOM : '') +
            ['a,b,c', ...records.map((record) => record.map(quoted).join(','))].join(newline) +
            newline;
          const { rows, errors } = csvRows(text, ['a', 'b', 'c']);
          expect(errors).toEqual([]);
          expect(rows.map((row) => row.cells)).toEqual(
            records.map((record) => record.map((value) => value.trim())),
          );
        },
      ),
    );
  });
});

const BARS_HEADER = 'symbol,date,open,high,low,close,volume';
const bars = (...lines: string[]) => parseBarsCsv([BARS_HEADER, ...lines, ''].join('\n'));

describe('the bars file, line by line', () => {
  it('skips symbols outside the universe and names them once, sorted', () => {
    const parsed = bars(
      'ZZZZ,2025-06-09,1,1,1,1,1',
      'aapl,2025-06-09,1,1,1,1,1',
      'YYYY,2025-06-09,1,1,1,1,1',
      'ZZZZ,2025-06-10,1,1,1,1,1',
    );
    expect(parsed.skippedSymbols).toEqual(['YYYY', 'ZZZZ']);
    expect(parsed.bars.map((bar) => bar.symbol)).toEqual(['AAPL']);
    expect(parsed.errors).toEqual([]);
  });

  it('takes only real calendar days written YYYY-MM-DD', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    for (const day of ['2025-02-30', '2025-6-09', 'x2025-06-09', '2025-06-099', '2025-13-01']) {
      expect(isIsoDay(day)).toBe(false);
    }
    expect(bars('AAPL,2025-02-30,1,1,1,1,1').errors).toEqual(['line 2: date must be YYYY-MM-DD']);
  });

  it('refuses a missing, unreadable or zero price in any of the four columns', () => {
    const lines = [
      'AAPL,2025-06-09,x,1,1,1,1',
      'AAPL,2025-06-09,1,x,1,1,1',
      'AAPL,2025-06-09,1,1,x,1,1',
      'AAPL,2025-06-09,1,1,1,x,1',
      'AAPL,2025-06-09,0,1,0,1,1',
      'AAPL,2025-06-09,1,1,0,0,1',
    ];
    expect(bars(...lines).errors).toEqual(
      lines.map(
        (_, index) => `line ${index + 2}: open, high, low and close must be positive prices`,
      ),
    );
    // A low of 0 is a price: only open and close must be above it.
    expect(bars('AAPL,2025-06-09,1,1,0,1,1').errors).toEqual([]);
  });

  it('takes a high and a low that just contain open and close, and refuses a cent outside', () => {
    const ok = bars('AAPL,2025-06-09,10.00,20.00,10.00,20.00,1');
    expect(ok.errors).toEqual([]);
    expect(ok.bars[0]).toMatchObject({ open: 1000, high: 2000, low: 1000, close: 2000 });
    const outside = [
      'AAPL,2025-06-09,10.00,19.99,10.00,20.00,1',
      'AAPL,2025-06-09,20.00,19.99,10.00,10.00,1',
      'AAPL,2025-06-09,10.00,20.00,10.01,20.00,1',
      'AAPL,2025-06-09,20.00,20.00,10.01,10.00,1',
      'AAPL,2025-06-09,10.00,15.00,10.00,20.00,1',
      'AAPL,2025-06-09,10.00,20.00,15.00,20.00,1',
    ];
    expect(bars(...outside).errors).toEqual(
      outside.map((_, index) => `line ${index + 2}: high and low must contain open and close`),
    );
  });

  it('reads a volume of digits only, and an empty one as 0', () => {
    const parsed = bars(
      'AAPL,2025-06-09,1,1,1,1,0012',
      'AAPL,2025-06-10,1,1,1,1,',
      'AAPL,2025-06-11,1,1,1,1,12a',
      'AAPL,2025-06-12,1,1,1,1,a12',
      'AAPL,2025-06-13,1,1,1,1,1.5',
    );
    expect(parsed.bars.map((bar) => bar.volume)).toEqual([12, 0]);
    expect(parsed.errors).toEqual([
      'line 4: volume must be a whole number',
      'line 5: volume must be a whole number',
      'line 6: volume must be a whole number',
    ]);
  });

  it('refuses a line with too few or too many columns, and a file with another header', () => {
    expect(bars('AAPL,2025-06-09,1,1,1,1', 'AAPL,2025-06-09,1,1,1,1,1,1').errors).toEqual([
      'line 2: expected 7 columns, found 6',
      'line 3: expected 7 columns, found 8',
    ]);
    const header = `line 1: the header must be ${BARS_HEADER}`;
    expect(parseBarsCsv('symbol,date,open,high,low,close\n')).toEqual({
      bars: [],
      errors: [header],
      skippedSymbols: [],
    });
    expect(parseBarsCsv('').errors).toEqual([header]);
    expect(parseBarsCsv('\n\nsymbol,date\n').errors).toEqual([
      `line 3: the header must be ${BARS_HEADER}`,
    ]);
  });

  it('reads a header from the first line alone, whatever follows', () => {
    expect(csvHeader('Symbol,DATE\n"never closed\n')).toEqual(['symbol', 'date']);
    expect(csvHeader('')).toEqual([]);
  });
});

describe('the dividends and splits files', () => {
  const DIVIDENDS = 'symbol,ex_date,pay_date,amount';
  const SPLITS = 'symbol,date,ratio';
  const file = (header: string, ...lines: string[]) => [header, ...lines, ''].join('\n');

  it('reads a dividend to the cent, paid on or after its ex-date', () => {
    const parsed = parseDividendsCsv(
      file(DIVIDENDS, 'aapl,2025-06-12,2025-06-12,0.005', 'MSFT,2025-06-12,2025-06-20,0.2649'),
    );
    expect(parsed).toEqual({
      actions: [
        { symbol: 'AAPL', exDate: '2025-06-12', payDate: '2025-06-12', cashCents: 1 },
        { symbol: 'MSFT', exDate: '2025-06-12', payDate: '2025-06-20', cashCents: 26 },
      ],
      errors: [],
      skippedSymbols: [],
    });
  });

  it('refuses bad dividend lines with their line numbers, in line order', () => {
    const lines = [
      'AAPL,2025-06-31,2025-07-01,1.00',
      'AAPL,2025-06-12,2025-6-13,1.00',
      'AAPL,2025-06-12,2025-06-11,1.00',
      'AAPL,2025-06-12,2025-06-13,0.004',
      'AAPL,2025-06-12,2025-06-13,one',
      'AAPL,2025-06-12,2025-06-13',
      'AAPL,2025-06-16,2025-06-17,0.10',
      'AAPL,2025-06-16,2025-06-18,0.20',
      'ZZZZ,2025-06-16,2025-06-18,0.20',
      'NOPE,2025-06-16,2025-06-18,0.20',
      'MSFT,2025-06-16,2025-06-17,0.10',
      'MSFT,2025-06-17,2025-06-17,0.10',
      'MSFT,2025-06-17,2025-06-17,0.10,extra',
    ];
    const parsed = parseDividendsCsv(file(DIVIDENDS, ...lines));
    expect(parsed.errors).toEqual([
      'line 2: ex_date must be YYYY-MM-DD',
      'line 3: pay_date must be YYYY-MM-DD',
      'line 4: pay_date must be on or after ex_date',
      'line 5: amount must be dollars per share of at least one cent (0.24)',
      'line 6: amount must be dollars per share of at least one cent (0.24)',
      'line 7: expected 4 columns, found 3',
      'line 9: AAPL already has a dividend on 2025-06-16 (line 8)',
      'line 14: expected 4 columns, found 5',
    ]);
    expect(parsed.skippedSymbols).toEqual(['NOPE', 'ZZZZ']);
    expect(parsed.actions.map((action) => `${action.symbol} ${action.exDate}`)).toEqual([
      'AAPL 2025-06-16',
      'MSFT 2025-06-16',
      'MSFT 2025-06-17',
    ]);
  });

  it('reads a split ratio N:D with each part from 1 to 1000 and not equal', () => {
    const ratios = ['4:1', '1:10', '1000:1', '1:1000', '44:3', '3:44'];
    const parsed = parseSplitsCsv(
      file(SPLITS, ...ratios.map((ratio) => `AAPL,2025-06-1${ratios.indexOf(ratio)},${ratio}`)),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.actions[0]).toEqual({
      symbol: 'AAPL',
      effectiveDate: '2025-06-10',
      numerator: 4,
      denominator: 1,
    });
    expect(parsed.actions.map((action) => `${action.numerator}:${action.denominator}`)).toEqual(
      ratios,
    );
  });

  it('refuses bad split lines with their line numbers', () => {
    const refused = ['0:1', '1:0', '1001:1', '1:1001', '2:2', '4/1', 'x4:1', '4:1x', '4:'];
    const parsed = parseSplitsCsv(
      file(
        SPLITS,
        'AAPL,2025-06-32,4:1',
        ...refused.map((ratio, index) => `AAPL,2025-07-${10 + index},${ratio}`),
        'AAPL,2025-08-01,2:1',
        'AAPL,2025-08-01,3:1',
      ),
    );
    expect(parsed.errors).toEqual([
      'line 2: date must be YYYY-MM-DD',
      ...refused.map(
        (_, index) =>
          `line ${index + 3}: ratio must be N:D new shares for old, each from 1 to 1000 and not equal (4:1, 1:10)`,
      ),
      'line 13: AAPL already has a split on 2025-08-01 (line 12)',
    ]);
    expect(parsed.actions).toEqual([
      { symbol: 'AAPL', effectiveDate: '2025-08-01', numerator: 2, denominator: 1 },
    ]);
  });
});
