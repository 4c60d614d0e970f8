import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketMessages, PRICES_CHANNEL } from '@bullpen/contract/market';
import { paginationMessages } from '@bullpen/contract/pagination';
import { messages } from '@bullpen/contract/messages';
import { buildTestApp, buildUser, type TestApp } from '../test/app.ts';
import { referenceLevel } from './reference-levels.ts';
import { UNIVERSE } from './universe.ts';

/** Wednesday 11 June 2025, 11:00 in New York: the exchange is open. */
const OPEN = new Date('2025-06-11T15:00:00Z');
/** Saturday 14 June 2025, noon in New York. */
const SATURDAY = new Date('2025-06-14T16:00:00Z');

let t: TestApp;
let now = OPEN;
beforeAll(async () => {
  t = await buildTestApp({ MARKET_SEED: 'api-tests', MARKET_TICK_SECONDS: '0' });
  t.app.market.clock.now = () => now;
});
afterAll(async () => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), response };
}

const aapl = UNIVERSE.find((security) => security.symbol === 'AAPL');
if (!aapl) throw new Error('AAPL missing from the universe');

describe('GET /api/securities/', () => {
  it('lists every security, biggest first, paginated Django-style', async () => {
    now = OPEN;
    const { status, body } = await get('/api/securities/?page_size=5');
    expect(status).toBe(200);
    expect(body.count).toBe(UNIVERSE.length);
    expect(body.count).toBeGreaterThanOrEqual(300);
    expect(body.results).toHaveLength(5);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://bullpen.test/api/securities/?page_size=5&page=2');
    const caps = body.results.map((row: { market_cap: number }) => row.market_cap);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);

    const second = await get('/api/securities/?page_size=5&page=2');
    expect(second.body.previous).toBe('http://bullpen.test/api/securities/?page_size=5&page=1');
    const firstIds = body.results.map((row: { id: number }) => row.id);
    for (const row of second.body.results) expect(firstIds).not.toContain(row.id);

    const last = Math.ceil(UNIVERSE.length / 100);
    const lastPage = await get(`/api/securities/?page_size=100&page=${last}`);
    expect(lastPage.body.next).toBeNull();
    expect(lastPage.body.results).toHaveLength(UNIVERSE.length - (last - 1) * 100);
  });

  it('returns the security row shape with prices in cents and market data', async () => {
    const { body } = await get('/api/securities/?search=AAPL');
    const row = body.results[0];
    expect(row).toMatchObject({
      id: aapl.id,
      symbol: 'AAPL',
      name: 'Apple Inc.',
      kind: 'stock',
      sector: { id: 8, name: 'Information Technology', slug: 'information-technology' },
      hyperlink: 'https://www.apple.com',
      simulated: true,
      as_of: OPEN.toISOString(),
    });
    expect(row.image_logo).toBe(`/api/securities/${aapl.id}/logo/`);
    for (const field of ['last_price', 'previous_day_close_price', 'daily_change', 'market_cap']) {
      expect(Number.isInteger(row[field])).toBe(true);
    }
    expect(row.daily_change).toBe(row.last_price - row.previous_day_close_price);
    expect(row.daily_change_ratio).toBeCloseTo(row.daily_change / row.previous_day_close_price, 5);
    for (const field of [
      'dividends',
      'profit_margin',
      'revenues',
      'ebitda',
      'book_value_per_share',
      'pe_ratio',
      'earnings_per_basic_share',
      'beta',
    ]) {
      expect(row).toHaveProperty(field);
    }
    expect(row.beta).toBeGreaterThan(0.5);
  });

  it('searches by ticker prefix or name, case-insensitively, exact ticker first', async () => {
    const byName = await get('/api/securities/?search=apple');
    expect(byName.body.results.map((row: { symbol: string }) => row.symbol)).toContain('AAPL');
    const byTicker = await get('/api/securities/?search=ms');
    expect(byTicker.body.results[0].symbol).toBe('MS');
    expect(byTicker.body.results.map((row: { symbol: string }) => row.symbol)).toContain('MSFT');
    const none = await get('/api/securities/?search=zzzz-no-such');
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('filters by sector and combines filters', async () => {
    const { body } = await get('/api/securities/?sector=10&page_size=100');
    expect(body.count).toBeGreaterThan(10);
    for (const row of body.results) expect(row.sector.id).toBe(10);
    const both = await get('/api/securities/?sector=8&search=micro');
    const symbols = both.body.results.map((row: { symbol: string }) => row.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['MSFT', 'AMD', 'MU']));
    for (const row of both.body.results) expect(row.sector.id).toBe(8);
  });

  it('answers bad filters and pages with 400 or 404 in the spec shapes', async () => {
    expect((await get('/api/securities/?sector=99')).status).toBe(404);
    expect((await get('/api/securities/?sector=99')).body).toEqual({
      error: marketMessages.unknownSector,
    });
    const badSector = await get('/api/securities/?sector=energy');
    expect(badSector.status).toBe(400);
    expect(badSector.body).toHaveProperty('sector');
    const badPage = await get('/api/securities/?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body).toHaveProperty('page');
    const pastEnd = await get('/api/securities/?page=999');
    expect(pastEnd.status).toBe(404);
    expect(pastEnd.body).toEqual({ error: paginationMessages.invalidPage });
    const huge = await get('/api/securities/?page_size=100000');
    expect(huge.body.results).toHaveLength(Math.min(UNIVERSE.length, 500));
  });

  it('is public, and ignores a stale token', async () => {
    const { status } = await get('/api/securities/?page_size=1', { authorization: 'JWT stale' });
    expect(status).toBe(200);
    const { auth } = await buildUser(t.deps);
    expect((await get('/api/securities/?page_size=1', auth)).status).toBe(200);
  });
});

describe('GET /api/securities/{id}/', () => {
  it('returns one security, and 404 for an unknown id', async () => {
    const { status, body } = await get(`/api/securities/${aapl.id}/`);
    expect(status).toBe(200);
    expect(body.symbol).toBe('AAPL');
    expect(body.description).toMatch(/iPhone/);
    expect((await get('/api/securities/999999/')).status).toBe(404);
    expect((await get('/api/securities/999999/')).body).toEqual({
      error: marketMessages.unknownSecurity,
    });
    expect((await get('/api/securities/abc/')).status).toBe(400);
  });

  it('has securities without a description, for the Info panel message', async () => {
    const bare = UNIVERSE.find((security) => security.description === null);
    expect(bare).toBeDefined();
    const { body } = await get(`/api/securities/${bare?.id}/`);
    expect(body.description).toBeNull();
    expect(messages.noDescription(body.name)).toBe(`No description found for ${bare?.name}`);
  });

  it('moves while the exchange is open and holds still while it is closed', async () => {
    now = OPEN;
    const first = (await get(`/api/securities/${aapl.id}/`)).body;
    now = new Date(OPEN.getTime() + 60 * 60_000);
    const later = (await get(`/api/securities/${aapl.id}/`)).body;
    expect(later.previous_day_close_price).toBe(first.previous_day_close_price);
    expect(later.last_price).not.toBe(first.last_price);

    now = SATURDAY;
    const saturday = (await get(`/api/securities/${aapl.id}/`)).body;
    now = new Date(SATURDAY.getTime() + 5 * 60 * 60_000);
    const saturdayLater = (await get(`/api/securities/${aapl.id}/`)).body;
    expect(saturdayLater.last_price).toBe(saturday.last_price);
    // Friday's close is Saturday's last price.
    const friday = await get('/api/stock-price/?symbol=AAPL&duration=1W');
    expect(friday.body.results.at(-1).price).toBe(saturday.last_price);
    now = OPEN;
  });
});

describe('GET /api/securities/{id}/logo/', () => {
  it('draws the ticker on the sector colour as SVG, public and cacheable', async () => {
    for (const headers of [{}, { authorization: 'JWT stale' }]) {
      const response = await t.app.inject({ url: `/api/securities/${aapl.id}/logo/`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*aria-label="AAPL">/,
      );
      expect(response.body).toContain(`fill="${aapl.sector.color}"`);
      expect(response.body).not.toContain('<text');
    }
  });

  it('draws each security its own logo, and answers 404 and 400 in the spec shape', async () => {
    const etf = UNIVERSE.find((security) => security.kind === 'etf')!;
    const [first, second] = await Promise.all(
      [aapl.id, etf.id].map((id) => t.app.inject({ url: `/api/securities/${id}/logo/` })),
    );
    expect(second!.statusCode).toBe(200);
    expect(second!.body).toContain(`aria-label="${etf.symbol}"`);
    expect(second!.body).not.toBe(first!.body);
    expect(await get('/api/securities/999999/logo/')).toMatchObject({
      status: 404,
      body: { error: marketMessages.unknownSecurity },
    });
    expect((await get('/api/securities/abc/logo/')).status).toBe(400);
  });
});

describe('GET /api/sectors/ and /api/sector-performance/', () => {
  it('lists the 11 GICS sectors and reads one, with or without the slash', async () => {
    const { body } = await get('/api/sectors/');
    expect(body.results).toHaveLength(11);
    expect(body.results.map((sector: { name: string }) => sector.name)).toContain('Real Estate');
    const total = body.results.reduce(
      (sum: number, sector: { securities_count: number }) => sum + sector.securities_count,
      0,
    );
    expect(total).toBe(UNIVERSE.length);
    expect((await get('/api/sectors/1')).body).toMatchObject({ id: 1, name: 'Energy' });
    expect((await get('/api/sectors/1/')).body).toMatchObject({ id: 1, name: 'Energy' });
    expect((await get('/api/sectors/12')).status).toBe(404);
    expect((await get('/api/sectors/x')).status).toBe(400);
  });

  it('gives each sector a daily change', async () => {
    const { status, body } = await get('/api/sector-performance/');
    expect(status).toBe(200);
    expect(body.results).toHaveLength(11);
    for (const sector of body.results) {
      expect(Math.abs(sector.daily_change_ratio)).toBeLessThan(0.2);
    }
    expect(
      body.results.some(
        (sector: { daily_change_ratio: number }) => sector.daily_change_ratio !== 0,
      ),
    ).toBe(true);
  });
});

describe('GET /api/stock-price/', () => {
  it('gives 1D as 5-minute points of today within exchange hours, ending at the live price', async () => {
    now = OPEN;
    const { status, body } = await get('/api/stock-price/?symbol=aapl&duration=1D');
    expect(status).toBe(200);
    const times = body.results.map((point: { date: string }) => Date.parse(point.date));
    expect(times[0]).toBe(Date.parse('2025-06-11T13:30:00Z'));
    expect(times.at(-1)).toBe(OPEN.getTime());
    expect(body.results).toHaveLength(19);
    for (let index = 1; index < times.length; index += 1) {
      expect(times[index] - times[index - 1]).toBe(5 * 60_000);
    }
    const quote = (await get(`/api/securities/${aapl.id}/`)).body;
    expect(body.results.at(-1).price).toBe(quote.last_price);
    for (const point of body.results) expect(Number.isInteger(point.price)).toBe(true);
  });

  it('shows the last full session on a weekend, ending at its close', async () => {
    now = SATURDAY;
    const { body } = await get('/api/stock-price/?symbol=AAPL&duration=1D');
    expect(body.results).toHaveLength(79);
    expect(body.results[0].date).toBe('2025-06-13T13:30:00.000Z');
    expect(body.results.at(-1).date).toBe('2025-06-13T20:00:00.000Z');
    now = OPEN;
  });

  it('gives 1W, 1M, 1Y and 5Y with sensible lengths, oldest first', async () => {
    const expected: Record<string, [number, number]> = {
      '1W': [60, 80],
      '1M': [20, 24],
      '1Y': [248, 254],
      '5Y': [1250, 1262],
    };
    for (const [duration, [low, high]] of Object.entries(expected)) {
      const { status, body } = await get(`/api/stock-price/?symbol=MSFT&duration=${duration}`);
      expect(status).toBe(200);
      expect(body.results.length, duration).toBeGreaterThanOrEqual(low);
      expect(body.results.length, duration).toBeLessThanOrEqual(high);
      const times = body.results.map((point: { date: string }) => Date.parse(point.date));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times.at(-1)).toBe(OPEN.getTime());
    }
  });

  it('defaults to 1D and refuses a bad symbol or duration', async () => {
    expect((await get('/api/stock-price/?symbol=AAPL')).body.results).toHaveLength(19);
    const unknown = await get('/api/stock-price/?symbol=NOPE&duration=1D');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: marketMessages.unknownSymbol('NOPE') });
    const missing = await get('/api/stock-price/?duration=1D');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ symbol: [marketMessages.symbolRequired] });
    const badDuration = await get('/api/stock-price/?symbol=AAPL&duration=2D');
    expect(badDuration.status).toBe(400);
    expect(badDuration.body).toEqual({ duration: [marketMessages.badDuration] });
  });
});

describe('GET /api/technical-indicator/', () => {
  it('computes SMA(20) over the chart points, equal to a hand-computed mean', async () => {
    for (const duration of ['1W', '1M', '1Y', '5Y']) {
      const prices = (await get(`/api/stock-price/?symbol=AAPL&duration=${duration}`)).body.results;
      const { status, body } = await get(
        `/api/technical-indicator/?symbol=AAPL&duration=${duration}&indicator=SMA`,
      );
      expect(status).toBe(200);
      expect(body.results.map((point: { date: string }) => point.date)).toEqual(
        prices.map((point: { date: string }) => point.date),
      );
      const lastTwenty = prices.slice(-20).map((point: { price: number }) => point.price);
      const mean = lastTwenty.reduce((sum: number, value: number) => sum + value, 0) / 20;
      expect(body.results.at(-1).SMA).toBeCloseTo(mean, 2);
    }
  });

  it('computes Bollinger Bands(20, 2) equal to a hand-computed mean ± 2 population sd', async () => {
    const prices = (await get('/api/stock-price/?symbol=NEE&duration=1Y')).body.results;
    const { body } = await get('/api/technical-indicator/?symbol=NEE&duration=1Y&indicator=BBANDS');
    const window = prices.slice(-20).map((point: { price: number }) => point.price);
    const mean = window.reduce((sum: number, value: number) => sum + value, 0) / 20;
    const sd = Math.sqrt(
      window.reduce((sum: number, value: number) => sum + (value - mean) ** 2, 0) / 20,
    );
    const last = body.results.at(-1);
    expect(Object.keys(last).sort()).toEqual(
      ['Real Lower Band', 'Real Middle Band', 'Real Upper Band', 'date'].sort(),
    );
    expect(last['Real Middle Band']).toBeCloseTo(mean, 2);
    expect(last['Real Upper Band']).toBeCloseTo(mean + 2 * sd, 1);
    expect(last['Real Lower Band']).toBeCloseTo(mean - 2 * sd, 1);
    expect(body.results).toHaveLength(prices.length);
  });

  it('refuses 1D, a bad indicator, a bad duration and an unknown symbol', async () => {
    const oneDay = await get('/api/technical-indicator/?symbol=AAPL&duration=1D&indicator=SMA');
    expect(oneDay.status).toBe(400);
    expect(oneDay.body).toEqual({ duration: [marketMessages.indicatorOn1D] });
    const badIndicator = await get(
      '/api/technical-indicator/?symbol=AAPL&duration=1M&indicator=RSI',
    );
    expect(badIndicator.status).toBe(400);
    expect(badIndicator.body).toEqual({ indicator: [marketMessages.badIndicator] });
    const noIndicator = await get('/api/technical-indicator/?symbol=AAPL&duration=1M');
    expect(noIndicator.status).toBe(400);
    expect(noIndicator.body).toHaveProperty('indicator');
    const badDuration = await get(
      '/api/technical-indicator/?symbol=AAPL&duration=10Y&indicator=SMA',
    );
    expect(badDuration.body).toEqual({ duration: [marketMessages.badDuration] });
    const unknown = await get('/api/technical-indicator/?symbol=NOPE&duration=1M&indicator=SMA');
    expect(unknown.status).toBe(404);
  });
});

describe('news', () => {
  it('lists news about a security, newest first, each with a readable article', async () => {
    const { status, body } = await get(`/api/securities/${aapl.id}/news/?page_size=50`);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    const dates = body.results.map((item: { publishedDate: string }) =>
      Date.parse(item.publishedDate),
    );
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const date of dates) expect(date).toBeLessThanOrEqual(OPEN.getTime());
    const item = body.results[0];
    expect(Object.keys(item).sort()).toEqual(
      ['description', 'id', 'imgUrl', 'publishedDate', 'source', 'title', 'url'].sort(),
    );
    expect(item.imgUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const article = await get(`/api/news/${item.id}/`);
    expect(article.status).toBe(200);
    expect(article.body.title).toBe(item.title);
    expect(article.body.body.length).toBeGreaterThan(1);
    expect(item.url).toBe(`/public/news/${item.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/api/news/${item.id}/article/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<h1>');
  });

  it('makes news from company jumps, and hides news from the future', async () => {
    const companyNews = [];
    for (const security of UNIVERSE.slice(0, 40)) {
      const { body } = await get(`/api/securities/${security.id}/news/?page_size=100`);
      companyNews.push(...body.results.filter((item: { id: string }) => item.id.startsWith('c-')));
    }
    expect(companyNews.length).toBeGreaterThan(5);
    const item = companyNews[0];
    expect(item.title).toMatch(/jump|fall/);
    now = new Date(Date.parse(item.publishedDate) - 60_000);
    expect((await get(`/api/news/${item.id}/`)).status).toBe(404);
    now = OPEN;
    expect((await get(`/api/news/${item.id}/`)).status).toBe(200);
  });

  it('lists market-wide news and refuses unknown ids', async () => {
    const { body } = await get('/api/news/');
    expect(body.count).toBeGreaterThan(0);
    expect((await get('/api/news/c-aapl-1/')).status).toBe(404);
    expect((await get('/api/news/m-99999999/')).status).toBe(404);
    expect((await get('/api/news/not%20an%20id/')).status).toBe(400);
    expect((await get('/api/securities/999999/news/')).status).toBe(404);
  });
});

describe('market status and OpenAPI', () => {
  it('says whether the exchange is open', async () => {
    now = OPEN;
    expect((await get('/api/market/status/')).body).toMatchObject({
      provider: 'simulated',
      calendar: 'nyse',
      simulated: true,
      reference_date: null,
      reference_state: null,
      is_open: true,
      next_open: null,
      next_close: '2025-06-11T20:00:00.000Z',
    });
    now = SATURDAY;
    expect((await get('/api/market/status/')).body).toMatchObject({
      is_open: false,
      next_open: '2025-06-16T13:30:00.000Z',
    });
    now = OPEN;
  });

  it('documents every market route', async () => {
    const { body } = await get('/api/docs/json');
    for (const path of [
      '/api/securities/',
      '/api/securities/{id}/',
      '/api/securities/{id}/news/',
      '/api/sectors/',
      '/api/sectors/{id}',
      '/api/sector-performance/',
      '/api/stock-price/',
      '/api/technical-indicator/',
      '/api/news/{id}/',
    ]) {
      expect(body.paths, path).toHaveProperty([path]);
    }
  });
});

describe('WebSocket /ws', () => {
  it('sends a snapshot on subscribe, then changed prices on a manual tick', async () => {
    now = OPEN;
    const socket = await t.app.injectWS('/ws');
    const received: {
      type: string;
      channel?: string;
      prices?: { symbol: string; last_price: number }[];
    }[] = [];
    const waitFor = (type: string) =>
      new Promise<(typeof received)[number]>((resolve) => {
        const check = () => {
          const found = received.find((message) => message.type === type);
          if (found) resolve(found);
          else setTimeout(check, 5);
        };
        check();
      });
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));

    socket.send(JSON.stringify({ type: 'subscribe', channel: PRICES_CHANNEL }));
    expect(await waitFor('subscribed')).toEqual({ type: 'subscribed', channel: 'prices' });
    const snapshot = await waitFor('snapshot');
    expect(snapshot.prices).toHaveLength(UNIVERSE.length);

    expect(await t.app.market.ticker.tick()).toBeGreaterThan(0);
    now = new Date(OPEN.getTime() + 10 * 60_000);
    const sent = await t.app.market.ticker.tick();
    expect(sent).toBeGreaterThan(0);
    const update = await waitFor('prices');
    expect(update.channel).toBe('prices');
    const aaplUpdate = update.prices?.find((price) => price.symbol === 'AAPL');
    expect(aaplUpdate?.last_price).toBeGreaterThan(0);

    // Closed exchange: no tick.
    now = SATURDAY;
    expect(await t.app.market.ticker.tick()).toBe(0);

    socket.send('not json');
    expect(await waitFor('error')).toHaveProperty('error');
    socket.terminate();
    await vi.waitFor(() => expect(t.app.realtime.subscriberCount(PRICES_CHANNEL)).toBe(0));
    now = OPEN;
  });

  it('does not tick when nobody listens, and refuses unknown channels', async () => {
    expect(await t.app.market.ticker.tick()).toBe(0);
    const socket = await t.app.injectWS('/ws');
    const reply = new Promise<unknown>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
    );
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'secrets' }));
    expect(await reply).toEqual({
      type: 'error',
      channel: 'secrets',
      reason: 'unknown_channel',
      error: 'No such channel: secrets',
    });
    socket.terminate();
  });
});

describe('the Data panel at the live price', () => {
  it('ranks the list by the market cap it shows, long after the reference date', async () => {
    now = new Date('2026-11-18T16:00:00Z');
    try {
      const { body } = await get('/api/securities/?page_size=100');
      const caps = body.results.map((row: { market_cap: number }) => row.market_cap);
      expect(caps).toHaveLength(100);
      expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    } finally {
      now = OPEN;
    }
  });

  it('gives market cap = price x shares, P/E = price / EPS and the reference dividend', async () => {
    now = OPEN;
    for (const symbol of ['AAPL', 'GOOG', 'BRK.A', 'XLU']) {
      const security = UNIVERSE.find((candidate) => candidate.symbol === symbol);
      const level = referenceLevel(symbol);
      if (!security || !level) throw new Error(`${symbol} missing`);
      const { status, body } = await get(`/api/securities/${security.id}/`);
      expect(status).toBe(200);
      expect(body.market_cap / (body.last_price * level.sharesOutstanding)).toBeCloseTo(1, 6);
      expect(body.dividends).toBe(level.annualDividendCents);
      if (security.kind === 'stock') {
        expect(body.pe_ratio).toBeCloseTo(body.last_price / body.earnings_per_basic_share, 1);
      } else {
        expect(body.pe_ratio).toBeNull();
      }
    }
  });
});
