import { z } from 'zod';
import { dateField, idField } from './input.ts';
import { pageQuery, pageSchema } from './pagination.ts';

/**
 * Market data (spec sections 3, 4 "Chart" and 7 "Market"). Every price is integer cents;
 * ratios (profit margin, daily change ratio) are plain fractions (0.0123 = 1.23%), which the
 * web app turns into percentages with `toPercent`. Market data is public: no login needed.
 */

export const DURATIONS = ['1D', '1W', '1M', '1Y', '5Y'] as const;
export type Duration = (typeof DURATIONS)[number];
export const INDICATORS = ['SMA', 'BBANDS'] as const;
export type Indicator = (typeof INDICATORS)[number];
/** Window of both indicators, in points of the chart's own resolution; BBANDS is 2 sigma. */
export const INDICATOR_PERIOD = 20;
export const BBANDS_DEVIATIONS = 2;

export const marketMessages = {
  unknownSymbol: (symbol: string) => `No security with the symbol ${symbol}.`,
  unknownSecurity: 'No such security.',
  unknownSector: 'No such sector.',
  unknownNews: 'No such news item.',
  badDuration: `Choose a duration among ${DURATIONS.join(', ')}.`,
  badIndicator: `Choose an indicator among ${INDICATORS.join(', ')}.`,
  indicatorOn1D: 'Indicators are not available for 1D; choose 1W, 1M, 1Y or 5Y.',
  symbolRequired: 'Enter a symbol.',
} as const;

export const durationField = z.enum(DURATIONS, { error: marketMessages.badDuration });
export const indicatorField = z.enum(INDICATORS, { error: marketMessages.badIndicator });
const symbolField = z
  .string({ error: marketMessages.symbolRequired })
  .trim()
  .min(1, marketMessages.symbolRequired)
  .max(12, marketMessages.symbolRequired)
  .transform((value) => value.toUpperCase());

export const sectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Colour of the sector's logos and charts, `#rrggbb`. */
  color: z.string(),
  securities_count: z.number().int(),
});
export type Sector = z.infer<typeof sectorSchema>;
export const sectorListSchema = z.object({ results: z.array(sectorSchema) });
export const sectorParams = z.object({ id: idField });

export const sectorPerformanceSchema = z.object({
  as_of: z.string(),
  results: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      /** Market-cap-weighted change since the previous close, as a fraction. */
      daily_change_ratio: z.number(),
    }),
  ),
});

/**
 * A security row (spec section 3: id, name, symbol, image_logo, hyperlink, last_price,
 * previous_day_close_price) with its market data. Money fields are integer cents; market_cap,
 * revenues and ebitda too (they fit a JS number exactly). `null` means not applicable (an
 * ETF has no earnings; a loss-making company has no P/E).
 */
export const securitySchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['stock', 'etf']),
  sector: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  description: z.string().nullable(),
  image_logo: z.string(),
  hyperlink: z.string(),
  last_price: z.number().int(),
  previous_day_close_price: z.number().int(),
  daily_change: z.number().int(),
  daily_change_ratio: z.number(),
  market_cap: z.number().int(),
  dividends: z.number().int().nullable(),
  profit_margin: z.number().nullable(),
  revenues: z.number().int().nullable(),
  ebitda: z.number().int().nullable(),
  book_value_per_share: z.number().int().nullable(),
  pe_ratio: z.number().nullable(),
  earnings_per_basic_share: z.number().int().nullable(),
  beta: z.number(),
  /** True when prices and fundamentals come from the simulation, so the UI labels them. */
  simulated: z.boolean(),
  as_of: z.string(),
});
export type Security = z.infer<typeof securitySchema>;

export const securityListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  sector: z.coerce
    .number({ error: 'Choose a sector.' })
    .int('Choose a sector.')
    .positive('Choose a sector.')
    .optional(),
});
export const securityListSchema = pageSchema(securitySchema);
export const securityParams = z.object({ id: idField });

export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  imgUrl: z.string(),
  description: z.string(),
  /** The story's page inside the app (`marketPaths.newsArticle`). */
  url: z.string(),
  publishedDate: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = pageSchema(newsItemSchema);
export const newsQuery = pageQuery.extend({
  page_size: pageQuery.shape.page_size.default(10),
});
export const newsArticleSchema = newsItemSchema.extend({
  body: z.array(z.string()),
  symbols: z.array(z.string()),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;
export const newsParams = z.object({
  id: z.string().regex(/^[a-z0-9.-]{1,60}$/i, 'No such news item.'),
});

export const stockPriceQuery = z.object({
  symbol: symbolField,
  duration: durationField.default('1D'),
});
/** `date` is an ISO 8601 UTC instant (a session close for daily points); `price` in cents. */
export const pricePointSchema = z.object({ date: z.string(), price: z.number().int() });
export const stockPriceSchema = z.object({ results: z.array(pricePointSchema) });
export type PricePoint = z.infer<typeof pricePointSchema>;

export const technicalIndicatorQuery = z.object({
  symbol: symbolField,
  duration: durationField.default('1W'),
  indicator: indicatorField,
});
/** Indicator values are in cents (the unit of the price line), rounded to 1/100 cent. */
export const smaPointSchema = z.object({ date: z.string(), SMA: z.number() });
export const bbandsPointSchema = z.object({
  date: z.string(),
  'Real Upper Band': z.number(),
  'Real Lower Band': z.number(),
  'Real Middle Band': z.number(),
});
export const technicalIndicatorSchema = z.object({
  results: z.union([z.array(smaPointSchema), z.array(bbandsPointSchema)]),
});

export const marketStatusSchema = z.object({
  /** `replay`: real end-of-day bars imported from CSV (docs/market.md "Replay"). */
  provider: z.enum(['simulated', 'replay']),
  calendar: z.enum(['nyse', 'always']),
  simulated: z.boolean(),
  is_open: z.boolean(),
  as_of: z.string(),
  next_open: z.string().nullable(),
  next_close: z.string().nullable(),
  /** The real trading day (YYYY-MM-DD) the replayed prices come from; null when simulated. */
  reference_date: z.string().nullable(),
  /**
   * `replaying` that day's bars; `after_last_bar` a newer session opened without a bar, prices
   * stay at its close; `before_first_bar` no bar has closed yet (the date is the first, or null
   * with nothing imported). Null when simulated.
   */
  reference_state: z.enum(['replaying', 'after_last_bar', 'before_first_bar']).nullable(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** A live price on the WebSocket's `prices` channel (the protocol: realtime.ts). */
export const priceUpdateSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  last_price: z.number().int(),
  previous_day_close_price: z.number().int(),
});
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;
export { PRICES_CHANNEL } from './realtime.ts';

/** Splits staff schedule in a running contest (docs/decisions/012-corporate-actions.md). */
export const splitMessages = {
  staffOnly: 'Only staff can schedule a split.',
  sameRatio: 'A split needs a ratio other than 1 for 1.',
  notAfterToday: 'Choose an effective date after today.',
  notTradingDay: 'Choose a trading day as the effective date.',
  alreadyScheduled: (symbol: string, date: string) => `${symbol} already has a split on ${date}.`,
  ratioPart: 'Enter a whole number from 1 to 1,000.',
  date: 'Enter a date as YYYY-MM-DD.',
} as const;

const ratioPart = z
  .number({ error: splitMessages.ratioPart })
  .int(splitMessages.ratioPart)
  .min(1, splitMessages.ratioPart)
  .max(1000, splitMessages.ratioPart);

/** POST /api/market/splits/: `numerator` new shares for every `denominator` old ones. */
export const scheduleSplitSchema = z
  .strictObject({
    symbol: z
      .string({ error: marketMessages.symbolRequired })
      .trim()
      .min(1, marketMessages.symbolRequired)
      .max(10, marketMessages.symbolRequired)
      .transform((symbol) => symbol.toUpperCase()),
    numerator: ratioPart,
    denominator: ratioPart,
    effective_date: dateField(splitMessages.date),
  })
  .refine((value) => value.numerator !== value.denominator, {
    message: splitMessages.sameRatio,
    path: ['denominator'],
  });
export type ScheduleSplitInput = z.input<typeof scheduleSplitSchema>;

export const splitSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  numerator: z.number().int(),
  denominator: z.number().int(),
  /** The first trading day at the new price. */
  effective_date: z.string(),
  created_at: z.string(),
});
export type Split = z.infer<typeof splitSchema>;
export const splitListSchema = z.object({ results: z.array(splitSchema) });
