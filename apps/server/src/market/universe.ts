import { api } from '@bullpen/contract/routes';
import { hashSeed, Random } from './random.ts';
import { sectorBySlug, type SectorProfile, type SectorSlug } from './sectors.ts';
import {
  REFERENCE_DATE,
  referenceLevel,
  shareClassOf,
  type ReferenceLevel,
} from './reference-levels.ts';
import { ETF_ROWS, STOCK_ROWS, type SectorCode, type UniverseRow } from './universe-data.ts';

/**
 * One security with its simulated parameters and fundamentals. Levels come from the reference
 * table (reference-levels.ts: real approximate price, market cap, dividend and EPS on
 * REFERENCE_DATE); the model's parameters and the figures no table gives (revenues, EBITDA,
 * book value) are derived from the sector with a per-company jitter, so the same company always
 * gets the same figures. Money is integer cents.
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
  /**
   * The price on REFERENCE_DATE, in dollars: the simulated path closes there that day. The
   * simulated history's real splits all come before that date, so no adjustment is needed.
   */
  referencePrice: number;
  beta: number;
  /** Annual volatility of the company's own moves, beyond the market and its sector. */
  idiosyncraticVolatility: number;
  /** How strongly the company follows its sector factor. */
  sectorLoading: number;
  /** Company-wide figures behind the per-share ones (see fundamentalsAt). */
  company: CompanyFigures;
  /** The Data panel's figures at the reference price. */
  fundamentals: Fundamentals;
};

/** Company-wide figures at the reference date: they do not move with the share price. */
export type CompanyFigures = {
  /** Class-equivalent shares outstanding on REFERENCE_DATE (market cap / price). */
  shares: number;
  /** Annual regular dividend per share on REFERENCE_DATE, in cents. */
  annualDividendCents: number;
  /** Trailing net income, revenues, EBITDA and book value, in dollars (null for ETFs). */
  netIncome: number | null;
  revenues: number | null;
  ebitda: number | null;
  bookValue: number | null;
};

export type Fundamentals = {
  marketCapCents: number;
  dividendsCents: number | null;
  profitMargin: number | null;
  revenuesCents: number | null;
  ebitdaCents: number | null;
  bookValuePerShareCents: number | null;
  peRatio: number | null;
  earningsPerBasicShareCents: number | null;
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

function requireLevel(symbol: string): ReferenceLevel {
  const level = referenceLevel(symbol);
  if (!level) throw new Error(`no reference level for ${symbol}`);
  return level;
}

/** Company figures a table does not give, from the sector's typical margins and multiples. */
function companyFigures(level: ReferenceLevel, sector: SectorProfile, random: Random) {
  const marketCap = level.marketCapBillions * 1e9;
  const netIncome = ((level.trailingEpsCents ?? 0) / 100) * level.sharesOutstanding;
  // A profitable company earns a plausible margin for its sector; a loss-maker's revenues come
  // from the sector's price-to-sales, its margin capped at a 60% loss.
  const margin = sector.netMargin * random.between(0.7, 1.4);
  const revenues =
    netIncome > 0
      ? netIncome / margin
      : Math.max(marketCap / (sector.priceToSales * random.between(0.6, 1.6)), -netIncome / 0.6);
  const ebitda =
    revenues * (netIncome / revenues + sector.ebitdaExtraMargin * random.between(0.6, 1.4));
  const bookValue = marketCap / (sector.priceToBook * random.between(0.6, 1.6));
  return { netIncome, revenues, ebitda, bookValue };
}

/**
 * The Data panel's figures at a share price, so that they agree with it: market cap = price x
 * shares, EPS = net income / shares, P/E = price / EPS (none for a loss), dividends = the
 * annual dividend per share. `splitShares` is how many shares one share of the
 * reference date has become through splits since (1/10 before a 10-for-1 split in the past).
 */
export function fundamentalsAt(
  security: Pick<SecurityInfo, 'company' | 'kind'>,
  priceCents: number,
  splitShares = 1,
): Fundamentals {
  const { company } = security;
  const shares = company.shares * splitShares;
  const marketCapCents = Math.round(priceCents * shares);
  const dividendsCents = Math.round(company.annualDividendCents / splitShares);
  if (company.netIncome === null || company.revenues === null) {
    return {
      marketCapCents,
      dividendsCents,
      profitMargin: null,
      revenuesCents: null,
      ebitdaCents: null,
      bookValuePerShareCents: null,
      peRatio: null,
      earningsPerBasicShareCents: null,
    };
  }
  const epsCents = (company.netIncome * 100) / shares;
  return {
    marketCapCents,
    dividendsCents,
    profitMargin: Math.round((company.netIncome / company.revenues) * 10_000) / 10_000,
    revenuesCents: Math.round(company.revenues * 100),
    ebitdaCents: Math.round((company.ebitda ?? 0) * 100),
    bookValuePerShareCents: Math.round(((company.bookValue ?? 0) * 100) / shares),
    peRatio: epsCents > 0 ? round2(priceCents / epsCents) : null,
    earningsPerBasicShareCents: Math.round(epsCents),
  };
}

/** How a provider's prices relate to its base path: both providers keep a corporate-action book. */
type WithPriceRatios = {
  actions?: { ratioAt(symbol: string, at: number): { numerator: number; denominator: number } };
};

const REFERENCE_INSTANT = Date.parse(`${REFERENCE_DATE}T20:00:00Z`);

/**
 * How many shares one share of the reference date has become at `at` through splits (10 after
 * a 10-for-1, 1/10 before a 10-for-1 that came before the reference date): the per-share
 * figures of the reference table are divided by it, the share count multiplied.
 */
export function sharesPerReferenceShare(provider: object, symbol: string, at: number): number {
  const book = (provider as WithPriceRatios).actions;
  if (!book) return 1;
  const then = book.ratioAt(symbol, REFERENCE_INSTANT);
  const now = book.ratioAt(symbol, at);
  return (then.numerator * now.denominator) / (then.denominator * now.numerator);
}

function buildSecurity(row: UniverseRow, id: number, kind: 'stock' | 'etf'): SecurityInfo {
  const [symbol, name, code, , website, description] = row;
  const sector = sectorBySlug.get(sectorOfCode[code]);
  if (!sector) throw new Error(`unknown sector code ${code}`);
  const level = requireLevel(symbol);
  // Per-company parameters come from the company alone (share classes of one company share
  // them), never from the simulation seed, so they stay put when a school changes MARKET_SEED.
  const random = new Random(hashSeed('fundamentals', shareClassOf(symbol)?.baseSymbol ?? symbol));
  const beta = round2(
    kind === 'etf'
      ? sector.beta * random.between(0.95, 1.05)
      : sector.beta * random.between(0.7, 1.3),
  );
  const small = level.marketCapBillions < 30;
  const figures =
    kind === 'etf'
      ? { netIncome: null, revenues: null, ebitda: null, bookValue: null }
      : companyFigures(level, sector, random);
  const company: CompanyFigures = {
    shares: level.sharesOutstanding,
    annualDividendCents: level.annualDividendCents,
    ...figures,
  };
  return {
    id,
    symbol,
    name,
    kind,
    sector,
    description,
    hyperlink: `https://www.${website.replace(/^www\./, '')}`,
    imageLogo: api.securityLogo.build({ id }),
    referencePrice: level.priceCents / 100,
    beta,
    idiosyncraticVolatility:
      kind === 'etf'
        ? 0.04
        : sector.idiosyncraticVolatility * random.between(0.75, 1.3) * (small ? 1.15 : 1),
    sectorLoading: kind === 'etf' ? 1 : random.between(0.7, 1.2),
    company,
    fundamentals: fundamentalsAt({ company, kind }, level.priceCents),
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

/**
 * Market cap at a live price (the reference figure when there is no price yet): what the list
 * ranks by, so that "biggest first" matches the market caps it shows.
 */
export function liveMarketCapCents(
  security: SecurityInfo,
  priceCents: number,
  splitShares: number,
): number {
  if (priceCents <= 0) return security.fundamentals.marketCapCents;
  return Math.round(priceCents * security.company.shares * splitShares);
}
