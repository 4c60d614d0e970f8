/**
 * The market: time to produce five years of daily closes plus today's intraday points for the
 * whole universe (cold, then cached), and `GET /api/stock-price/` 5Y requests per second as a
 * ratio of `GET /api/health` measured in the same run. `node --import tsx bench/market.ts`.
 */
import { nyseCalendar } from '../apps/server/src/market/calendar.ts';
import { SimulatedProvider } from '../apps/server/src/market/provider-simulated.ts';
import { UNIVERSE } from '../apps/server/src/market/universe.ts';
import { measure, report, startApp } from './support/servers.ts';

const at = Date.parse('2025-06-11T15:00:00Z');
const fiveYearsAgo = Date.parse('2020-06-11T15:00:00Z');
const sessionOpen = Date.parse('2025-06-11T13:30:00Z');

async function produceAll(provider: SimulatedProvider): Promise<{ ms: number; points: number }> {
  const started = performance.now();
  let points = 0;
  for (const security of UNIVERSE) {
    points += (await provider.dailyCloses(security.symbol, fiveYearsAgo, at)).length;
    points += (await provider.intraday(security.symbol, sessionOpen, at, 5)).length;
  }
  return { ms: performance.now() - started, points };
}

// A fresh provider (not the shared cache) with its own seed: a truly cold start.
const provider = new SimulatedProvider(`bench-${Date.now()}`, nyseCalendar);
const cold = await produceAll(provider);
const warm = await produceAll(provider);
console.log(`\nSimulated market, ${UNIVERSE.length} securities (5Y daily + 1D intraday each)`);
console.log(
  `cold: ${cold.ms.toFixed(0)} ms for ${cold.points} points (${(cold.ms / UNIVERSE.length).toFixed(2)} ms per security)`,
);
console.log(`warm: ${warm.ms.toFixed(0)} ms (cached series)`);

const app = await startApp(3911, { SEED_DEMO: 'false', MARKET_TICK_SECONDS: '0' });
try {
  const health = await measure('GET /api/health', { url: `${app.url}/api/health`, seconds: 3 });
  const fiveYears = await measure('GET /api/stock-price/?symbol=AAPL&duration=5Y', {
    url: `${app.url}/api/stock-price/?symbol=AAPL&duration=5Y`,
    seconds: 3,
  });
  const oneDay = await measure('GET /api/stock-price/?symbol=AAPL&duration=1D', {
    url: `${app.url}/api/stock-price/?symbol=AAPL&duration=1D`,
    seconds: 3,
  });
  const list = await measure('GET /api/securities/?page_size=20', {
    url: `${app.url}/api/securities/?page_size=20`,
    seconds: 3,
  });
  report('Market API (ratio to GET /api/health)', health, [fiveYears, oneDay, list]);
} finally {
  await app.stop();
}
