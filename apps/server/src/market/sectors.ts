/**
 * The 11 GICS sectors, with the inputs the simulation and the fundamentals derive from.
 * Ids are stable: they are part of the API (`?sector=<id>`). Append, never reorder.
 */
export type SectorSlug =
  | 'energy'
  | 'materials'
  | 'industrials'
  | 'consumer-discretionary'
  | 'consumer-staples'
  | 'health-care'
  | 'financials'
  | 'information-technology'
  | 'communication-services'
  | 'utilities'
  | 'real-estate';

export type SectorProfile = {
  id: number;
  slug: SectorSlug;
  name: string;
  color: string;
  /** Typical beta to the market of the sector's companies. */
  beta: number;
  /** Annual volatility of the sector factor and of a typical company's own moves. */
  sectorVolatility: number;
  idiosyncraticVolatility: number;
  /** Typical price-to-sales, net margin, dividend yield, price-to-book, EBITDA minus net margin. */
  priceToSales: number;
  netMargin: number;
  dividendYield: number;
  priceToBook: number;
  ebitdaExtraMargin: number;
};

export const SECTORS: readonly SectorProfile[] = [
  {
    id: 1,
    slug: 'energy',
    name: 'Energy',
    color: '#8d5524',
    beta: 1.1,
    sectorVolatility: 0.2,
    idiosyncraticVolatility: 0.2,
    priceToSales: 1.3,
    netMargin: 0.1,
    dividendYield: 0.038,
    priceToBook: 1.9,
    ebitdaExtraMargin: 0.12,
  },
  {
    id: 2,
    slug: 'materials',
    name: 'Materials',
    color: '#6d8b3a',
    beta: 1.05,
    sectorVolatility: 0.11,
    idiosyncraticVolatility: 0.2,
    priceToSales: 2.2,
    netMargin: 0.1,
    dividendYield: 0.024,
    priceToBook: 2.8,
    ebitdaExtraMargin: 0.08,
  },
  {
    id: 3,
    slug: 'industrials',
    name: 'Industrials',
    color: '#4a6fa5',
    beta: 1.05,
    sectorVolatility: 0.08,
    idiosyncraticVolatility: 0.18,
    priceToSales: 2.3,
    netMargin: 0.1,
    dividendYield: 0.017,
    priceToBook: 4.5,
    ebitdaExtraMargin: 0.07,
  },
  {
    id: 4,
    slug: 'consumer-discretionary',
    name: 'Consumer Discretionary',
    color: '#c2185b',
    beta: 1.2,
    sectorVolatility: 0.1,
    idiosyncraticVolatility: 0.24,
    priceToSales: 2.0,
    netMargin: 0.08,
    dividendYield: 0.009,
    priceToBook: 6,
    ebitdaExtraMargin: 0.06,
  },
  {
    id: 5,
    slug: 'consumer-staples',
    name: 'Consumer Staples',
    color: '#2e7d32',
    beta: 0.6,
    sectorVolatility: 0.08,
    idiosyncraticVolatility: 0.14,
    priceToSales: 1.6,
    netMargin: 0.08,
    dividendYield: 0.027,
    priceToBook: 5,
    ebitdaExtraMargin: 0.05,
  },
  {
    id: 6,
    slug: 'health-care',
    name: 'Health Care',
    color: '#00838f',
    beta: 0.8,
    sectorVolatility: 0.09,
    idiosyncraticVolatility: 0.2,
    priceToSales: 3.5,
    netMargin: 0.11,
    dividendYield: 0.014,
    priceToBook: 4.5,
    ebitdaExtraMargin: 0.08,
  },
  {
    id: 7,
    slug: 'financials',
    name: 'Financials',
    color: '#1565c0',
    beta: 1.1,
    sectorVolatility: 0.1,
    idiosyncraticVolatility: 0.16,
    priceToSales: 3.0,
    netMargin: 0.2,
    dividendYield: 0.022,
    priceToBook: 1.6,
    ebitdaExtraMargin: 0.05,
  },
  {
    id: 8,
    slug: 'information-technology',
    name: 'Information Technology',
    color: '#5e35b1',
    beta: 1.25,
    sectorVolatility: 0.1,
    idiosyncraticVolatility: 0.24,
    priceToSales: 7,
    netMargin: 0.18,
    dividendYield: 0.006,
    priceToBook: 10,
    ebitdaExtraMargin: 0.08,
  },
  {
    id: 9,
    slug: 'communication-services',
    name: 'Communication Services',
    color: '#ef6c00',
    beta: 1.0,
    sectorVolatility: 0.1,
    idiosyncraticVolatility: 0.22,
    priceToSales: 3.5,
    netMargin: 0.13,
    dividendYield: 0.012,
    priceToBook: 4,
    ebitdaExtraMargin: 0.15,
  },
  {
    id: 10,
    slug: 'utilities',
    name: 'Utilities',
    color: '#f9a825',
    beta: 0.5,
    sectorVolatility: 0.1,
    idiosyncraticVolatility: 0.12,
    priceToSales: 2.6,
    netMargin: 0.13,
    dividendYield: 0.035,
    priceToBook: 1.9,
    ebitdaExtraMargin: 0.22,
  },
  {
    id: 11,
    slug: 'real-estate',
    name: 'Real Estate',
    color: '#6d4c41',
    beta: 0.85,
    sectorVolatility: 0.11,
    idiosyncraticVolatility: 0.16,
    priceToSales: 7.5,
    netMargin: 0.22,
    dividendYield: 0.038,
    priceToBook: 2.3,
    ebitdaExtraMargin: 0.3,
  },
];

export const sectorBySlug = new Map(SECTORS.map((sector) => [sector.slug, sector]));
export const sectorById = new Map(SECTORS.map((sector) => [sector.id, sector]));
