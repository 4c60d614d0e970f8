import type { Sector, Security } from '@bullpen/contract/market';
import type { Quote } from './provider.ts';
import type { SectorProfile } from './sectors.ts';
import { changeRatio } from './service.ts';
import { fundamentalsAt, type SecurityInfo } from './universe.ts';

/**
 * A security with its Data panel figures at the quote's price, so that they agree with it:
 * market cap = price x shares, P/E = price / EPS (see fundamentalsAt). A security with no price
 * yet (a replay before its first bar) keeps the reference figures.
 */
export function presentSecurity(
  security: SecurityInfo,
  quote: Quote,
  simulated: boolean,
  splitShares = 1,
): Security {
  const fundamentals =
    quote.lastCents > 0
      ? fundamentalsAt(security, quote.lastCents, splitShares)
      : security.fundamentals;
  return {
    id: security.id,
    symbol: security.symbol,
    name: security.name,
    kind: security.kind,
    sector: { id: security.sector.id, name: security.sector.name, slug: security.sector.slug },
    description: security.description,
    image_logo: security.imageLogo,
    hyperlink: security.hyperlink,
    last_price: quote.lastCents,
    previous_day_close_price: quote.previousCloseCents,
    daily_change: quote.lastCents - quote.previousCloseCents,
    daily_change_ratio: Math.round(changeRatio(quote) * 1e6) / 1e6,
    market_cap: fundamentals.marketCapCents,
    dividends: fundamentals.dividendsCents,
    profit_margin: fundamentals.profitMargin,
    revenues: fundamentals.revenuesCents,
    ebitda: fundamentals.ebitdaCents,
    book_value_per_share: fundamentals.bookValuePerShareCents,
    pe_ratio: fundamentals.peRatio,
    earnings_per_basic_share: fundamentals.earningsPerBasicShareCents,
    beta: security.beta,
    simulated,
    as_of: new Date(quote.asOf).toISOString(),
  };
}

export function presentSector(sector: SectorProfile, securitiesCount: number): Sector {
  return {
    id: sector.id,
    name: sector.name,
    slug: sector.slug,
    color: sector.color,
    securities_count: securitiesCount,
  };
}
