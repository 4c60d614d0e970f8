import { describe, expect, it } from 'vitest';
import { dayNumber, newYorkDay, nyseCalendar } from './calendar.ts';
import { presentNewsArticle } from './news.ts';
import type { MarketEvent } from './provider.ts';
import { simulatedProvider } from './provider-simulated.ts';
import { reportingDay } from './simulation.ts';
import { securityBySymbol, UNIVERSE } from './universe.ts';

/**
 * Company news from the simulation (docs/market.md "News"): quarterly results on each company's
 * reporting day, surprise moves on other days, dividends and splits as they take effect. A story
 * never contradicts the chart and never comes before what it tells.
 */
const provider = simulatedProvider('company-news', nyseCalendar);
const AT = Date.parse('2025-06-11T21:00:00Z');
const stocks = UNIVERSE.filter((security) => security.kind === 'stock').slice(0, 40);

function security(symbol: string) {
  const found = securityBySymbol.get(symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return found;
}

async function companyNews(symbol: string, at = AT): Promise<MarketEvent[]> {
  return (await provider.events({ symbol }, at)).filter((event) => event.symbol === symbol);
}

/** The close-to-close move of a session as the chart shows it (splits do not move it). */
function chartMove(symbol: string, day: number): number {
  const series = provider.model.series(security(symbol), day);
  const index = Array.from(series.days).indexOf(day);
  return (series.closes[index] as number) / (series.closes[index - 1] as number) - 1;
}

describe('quarterly results', () => {
  it('come once a quarter for every company, on its own day of the season, and never for an ETF', async () => {
    for (const stock of stocks) {
      const earnings = (await companyNews(stock.symbol)).filter((e) => e.kind === 'earnings');
      // A year of news: four quarters, each in its own season.
      expect(earnings.length, stock.symbol).toBe(4);
      const quarters = earnings.map((event) => {
        const date = new Date(event.day * 86_400_000);
        return `${date.getUTCFullYear()}-${Math.floor(date.getUTCMonth() / 3)}`;
      });
      expect(new Set(quarters).size).toBe(4);
      for (const event of earnings) {
        const target = reportingDay(stock.symbol, event.day);
        // The first session on or after the reporting day.
        expect(event.day).toBeGreaterThanOrEqual(target);
        expect(event.day - target).toBeLessThan(5);
      }
    }
    const etf = UNIVERSE.find((candidate) => candidate.kind === 'etf');
    if (!etf) throw new Error('no ETF');
    expect((await companyNews(etf.symbol)).filter((e) => e.kind === 'earnings')).toEqual([]);
    // A second share class reports with its company.
    expect(reportingDay('GOOG', dayNumber(2025, 4, 1))).toBe(
      reportingDay('GOOGL', dayNumber(2025, 4, 1)),
    );
  });

  it('say beat, miss or in line as the shares moved that day, after the close', async () => {
    const seen = { beat: 0, miss: 0, inLine: 0 };
    for (const stock of stocks) {
      for (const event of await companyNews(stock.symbol)) {
        if (event.kind !== 'earnings') continue;
        const move = chartMove(stock.symbol, event.day);
        expect(event.move).toBeCloseTo(move, 12);
        const { title, body } = presentNewsArticle(event);
        if (move >= 0.01) {
          seen.beat += 1;
          expect(title).toMatch(/beat expectations; shares rise/);
        } else if (move <= -0.01) {
          seen.miss += 1;
          expect(title).toMatch(/miss expectations; shares fall/);
        } else {
          seen.inLine += 1;
          expect(title).toMatch(/in line with expectations; shares little changed/);
        }
        expect(body.join(' ')).toContain(`${(Math.abs(move) * 100).toFixed(1)}%`);
        // Published once the session's close is known.
        expect(event.publishedAt).toBeGreaterThanOrEqual(nyseCalendar.session(event.day).close);
      }
    }
    expect(seen.beat).toBeGreaterThan(0);
    expect(seen.miss).toBeGreaterThan(0);
    expect(seen.inLine).toBeGreaterThan(0);
  });
});

describe('surprise moves', () => {
  it('happen on other days, agree with the move and are told after the close', async () => {
    let surprises = 0;
    for (const stock of stocks) {
      const news = await companyNews(stock.symbol);
      const reported = new Set(news.filter((e) => e.kind === 'earnings').map((e) => e.day));
      for (const event of news.filter((e) => e.kind === 'company')) {
        surprises += 1;
        expect(reported.has(event.day)).toBe(false);
        const { title } = presentNewsArticle(event);
        expect(title).toMatch(event.move >= 0 ? /shares jump/ : /shares fall/);
        expect(event.publishedAt).toBeGreaterThanOrEqual(nyseCalendar.session(event.day).close);
      }
    }
    expect(surprises).toBeGreaterThan(5);
  });
});

describe('dividends and splits', () => {
  it('tell a payer’s dividend with its amount and dates, once it takes effect', async () => {
    const dividends = (await companyNews('KO')).filter((event) => event.kind === 'dividend');
    expect(dividends.length).toBe(4);
    const [event] = dividends;
    if (event?.action?.kind !== 'dividend') throw new Error('no dividend');
    const { title, body, description } = presentNewsArticle(event);
    const cash = `$${(event.action.cashCents / 100).toFixed(2)}`;
    expect(title).toBe(`The Coca-Cola Company pays a dividend of ${cash} a share`);
    expect(description).toContain(event.action.exDate);
    expect(body.join(' ')).toContain(event.action.payDate);
    expect(event.publishedAt).toBe(event.action.recordAt);
    // Found by its id once published, not a minute before.
    expect(await provider.event(event.id, event.publishedAt)).toEqual(event);
    expect(await provider.event(event.id, event.publishedAt - 60_000)).toBeNull();
    expect(
      (await companyNews('KO', event.publishedAt - 60_000)).some((e) => e.id === event.id),
    ).toBe(false);
  });

  it('tell a split with its ratio and the day it takes effect', async () => {
    // Amazon's 20-for-1 split, first traded split-adjusted on 2022-06-06.
    const after = Date.parse('2022-06-10T21:00:00Z');
    const splits = (await companyNews('AMZN', after)).filter((event) => event.kind === 'split');
    expect(splits).toHaveLength(1);
    const [split] = splits;
    if (!split) throw new Error('no split');
    expect(split.id).toBe(`x-amzn-${newYorkDay(split.publishedAt)}`);
    const { title, body } = presentNewsArticle(split);
    expect(title).toBe('Amazon.com, Inc. splits its shares 20-for-1');
    expect(body[0]).toContain('a holder of 10 shares will hold 200');
    expect(body[0]).toContain('divided by 20');
    expect(await provider.event(split.id, after)).toEqual(split);
    expect(await provider.event(split.id, split.publishedAt - 60_000)).toBeNull();
  });
});
