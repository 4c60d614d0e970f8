import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDividendsCsv } from './import-actions.ts';
import { CSV_HEADER, csvHeader, csvRows, parseBarsCsv } from './import-bars.ts';

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
