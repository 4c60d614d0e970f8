import { hashSeed, Random } from './random.ts';
import { sectorBySlug, type SectorProfile, type SectorSlug } from './sectors.ts';
import { ETF_ROWS, STOCK_ROWS, type SectorCode, type UniverseRow } from './universe-data.ts';

/**
 * One security with its simulated fundamentals. Fundamentals are derived once, from the
 * company's market cap and sector with a per-symbol jitter, so 400 rows need no hand-typed
 * numbers and the same symbol always gets the same figures. Money is integer cents.
 */
export type SecurityInfo = {
  id: number;
  symbol: string;
  name: string;
  kind: 'stock' | 'etf';
  sector: SectorProfile;
  description: string | null;
  hyperlink: string;
  imageLogo: string;
  /** Price around which the simulated price wanders, in dollars. */
  referencePrice: number;
  beta: number;
  /** Annual volatility of the company's own moves, beyond the market and its sector. */
  idiosyncraticVolatility: number;
  /** How strongly the company follows its sector factor. */
  sectorLoading: number;
  fundamentals: {
    marketCapCents: number;
    dividendsCents: number | null;
    profitMargin: number | null;
    revenuesCents: number | null;
    ebitdaCents: number | null;
    bookValuePerShareCents: number | null;
    peRatio: number | null;
    earningsPerBasicShareCents: number | null;
  };
};

const sectorOfCode: Record<SectorCode, SectorSlug> = {
  EN: 'energy',
  MA: 'materials',
  IN: 'industrials',
  CD: 'consumer-discretionary',
  CS: 'consumer-staples',
  HC: 'health-care',
  FI: 'financials',
  IT: 'information-technology',
  CO: 'communication-services',
  UT: 'utilities',
  RE: 'real-estate',
};

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A logo drawn here: the ticker's initials on the sector colour (no remote images). */
export function logoDataUri(symbol: string, color: string): string {
  const initials = escapeXml(symbol.replace(/[^A-Z]/g, '').slice(0, 4) || symbol.slice(0, 2));
  const size = initials.length <= 2 ? 26 : initials.length === 3 ? 20 : 16;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(symbol)}">` +
    `<rect width="64" height="64" rx="14" fill="${color}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function buildSecurity(row: UniverseRow, id: number, kind: 'stock' | 'etf'): SecurityInfo {
  const [symbol, name, code, capBillions, website, description] = row;
  const sector = sectorBySlug.get(sectorOfCode[code]);
  if (!sector) throw new Error(`unknown sector code ${code}`);
  // Per-company parameters come from the symbol alone, never from the simulation seed, so
  // fundamentals stay put when a school changes MARKET_SEED.
  const random = new Random(hashSeed('fundamentals', symbol));
  const beta = round2(
    kind === 'etf'
      ? sector.beta * random.between(0.95, 1.05)
      : sector.beta * random.between(0.7, 1.3),
  );
  const referencePrice = Math.exp(random.between(Math.log(18), Math.log(480)));
  const marketCap = capBillions * 1e9;
  const shares = marketCap / referencePrice;
  const dividendYield =
    random.uniform() < 0.25 ? 0 : sector.dividendYield * random.between(0.4, 1.6);
  const dividendsCents = dividendYield > 0 ? Math.round(referencePrice * dividendYield * 100) : 0;
  const base = {
    id,
    symbol,
    name,
    kind,
    sector,
    description,
    hyperlink: `https://www.${website.replace(/^www\./, '')}`,
    imageLogo: logoDataUri(symbol, sector.color),
    referencePrice,
    beta,
    idiosyncraticVolatility:
      kind === 'etf'
        ? 0.04
        : sector.idiosyncraticVolatility *
          random.between(0.75, 1.3) *
          (capBillions < 30 ? 1.15 : 1),
    sectorLoading: kind === 'etf' ? 1 : random.between(0.7, 1.2),
  };
  if (kind === 'etf') {
    return {
      ...base,
      fundamentals: {
        marketCapCents: Math.round(marketCap * 100),
        dividendsCents: Math.round(referencePrice * sector.dividendYield * 0.8 * 100),
        profitMargin: null,
        revenuesCents: null,
        ebitdaCents: null,
        bookValuePerShareCents: null,
        peRatio: null,
        earningsPerBasicShareCents: null,
      },
    };
  }
  const revenues = marketCap / (sector.priceToSales * random.between(0.5, 1.8));
  // Some smaller companies are loss-making (no P/E then); large ones are not.
  const lossMaking = random.uniform() < (capBillions < 40 ? 0.15 : 0);
  const profitMargin = lossMaking
    ? -random.between(0.01, 0.15)
    : sector.netMargin * random.between(0.5, 1.6);
  const netIncome = revenues * profitMargin;
  const ebitda = revenues * (profitMargin + sector.ebitdaExtraMargin * random.between(0.6, 1.4));
  const bookValue = marketCap / (sector.priceToBook * random.between(0.6, 1.6));
  const eps = netIncome / shares;
  return {
    ...base,
    fundamentals: {
      marketCapCents: Math.round(marketCap * 100),
      dividendsCents,
      profitMargin: Math.round(profitMargin * 10_000) / 10_000,
      revenuesCents: Math.round(revenues * 100),
      ebitdaCents: Math.round(ebitda * 100),
      bookValuePerShareCents: Math.round((bookValue / shares) * 100),
      peRatio: netIncome > 0 ? round2(marketCap / netIncome) : null,
      earningsPerBasicShareCents: Math.round(eps * 100),
    },
  };
}

/** ETF ids start here, so that appending stocks never renumbers an ETF. */
export const ETF_ID_BASE = 10_000;

/** Ids are row positions (stocks from 1, ETFs from 10001). Never reorder the data rows. */
export const UNIVERSE: readonly SecurityInfo[] = [
  ...STOCK_ROWS.map((row, index) => buildSecurity(row, index + 1, 'stock')),
  ...ETF_ROWS.map((row, index) => buildSecurity(row, ETF_ID_BASE + index + 1, 'etf')),
];

export const securityBySymbol = new Map(UNIVERSE.map((security) => [security.symbol, security]));
export const securityById = new Map(UNIVERSE.map((security) => [security.id, security]));
