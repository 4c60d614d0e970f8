import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  marketStatusSchema,
  scheduleSplitSchema,
  splitListSchema,
  splitMessages,
  splitSchema,
  newsArticleSchema,
  newsListSchema,
  newsParams,
  newsQuery,
  sectorListSchema,
  sectorParams,
  sectorPerformanceSchema,
  sectorSchema,
  securityListQuery,
  securityListSchema,
  securityParams,
  securitySchema,
  stockPriceQuery,
  stockPriceSchema,
  technicalIndicatorQuery,
  technicalIndicatorSchema,
} from '@bullpen/contract/market';
import { api } from '@bullpen/contract/routes';
import { requireUser, requireUserHook } from '../auth/authenticate.ts';
import { forbidden } from '../platform/errors.ts';
import { presentNewsArticle, presentNewsItem, renderArticleHtml } from './news.ts';
import { paginate } from '../platform/pagination.ts';
import { logoSvg } from './logo.ts';
import { presentSector, presentSecurity } from './presenter.ts';
import type { Quote } from './provider.ts';
import { sharesPerReferenceShare } from './universe.ts';
import {
  marketNews,
  marketStatus,
  newsAbout,
  priceHistory,
  quoteOf,
  requireNewsEvent,
  requireSector,
  requireSecurityById,
  searchSecurities,
  sectorPerformance,
  listScheduledSplits,
  scheduleSplit,
  technicalIndicator,
  type MarketContext,
} from './service.ts';
import { SECTORS } from './sectors.ts';

/**
 * Market data is public (spec section 7 lists it without a login, and the search page works
 * logged out): no route needs a user, and a stale Authorization header is ignored rather
 * than refused, which also spares a database lookup per chart request.
 */
const publicRoute = { config: { ignoreAuthorization: true } } as const;
const tags = ['market'];
const security: [] = [];

export async function marketRoutes(app: FastifyInstance, context: MarketContext): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { provider } = context;
  const publicUrl = app.deps.config.publicUrl;

  route.get(
    api.securities.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        description:
          'Search by ticker prefix or name (`search`), filter by sector id (`sector`); ordered by market cap, biggest first, with an exact ticker match on top.',
        querystring: securityListQuery,
        response: { 200: securityListSchema },
      },
    },
    async (request) => {
      const { search, sector } = request.query;
      const matches = await searchSecurities(context, { search, sector });
      const page = paginate(matches, request.query, request.url, publicUrl);
      const quotes = await Promise.all(page.results.map((item) => quoteOf(context, item)));
      return {
        ...page,
        results: page.results.map((item, index) =>
          presentSecurity(
            item,
            quotes[index] as Quote,
            provider.simulated,
            sharesPerReferenceShare(provider, item.symbol, (quotes[index] as Quote).asOf),
          ),
        ),
      };
    },
  );

  route.get(
    api.security.pattern,
    {
      ...publicRoute,
      schema: { tags, security, params: securityParams, response: { 200: securitySchema } },
    },
    async (request) => {
      const item = requireSecurityById(context, request.params.id);
      const quote = await quoteOf(context, item);
      return presentSecurity(
        item,
        quote,
        provider.simulated,
        sharesPerReferenceShare(provider, item.symbol, quote.asOf),
      );
    },
  );

  route.get(
    api.securityNews.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        params: securityParams,
        querystring: newsQuery,
        response: { 200: newsListSchema },
      },
    },
    async (request) => {
      const item = requireSecurityById(context, request.params.id);
      const page = paginate(await newsAbout(context, item), request.query, request.url, publicUrl);
      return { ...page, results: page.results.map(presentNewsItem) };
    },
  );

  const logos = new Map<number, string>();
  route.get(
    api.securityLogo.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        description:
          'The logo of a simulated security (its `image_logo`): SVG, the ticker on the sector colour.',
        params: securityParams,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const item = requireSecurityById(context, request.params.id);
      let svg = logos.get(item.id);
      if (svg === undefined) {
        svg = logoSvg(item.symbol, item.sector.color);
        logos.set(item.id, svg);
      }
      // A logo changes only with the code that draws it: a day in any cache.
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );

  const counts = new Map<number, number>();
  for (const item of provider.securities()) {
    counts.set(item.sector.id, (counts.get(item.sector.id) ?? 0) + 1);
  }

  route.get(
    api.sectors.pattern,
    { ...publicRoute, schema: { tags, security, response: { 200: sectorListSchema } } },
    async () => ({
      results: SECTORS.map((sector) => presentSector(sector, counts.get(sector.id) ?? 0)),
    }),
  );

  for (const path of [api.sector.pattern, api.sectorWithSlash.pattern]) {
    route.get(
      path,
      {
        ...publicRoute,
        schema: { tags, security, params: sectorParams, response: { 200: sectorSchema } },
      },
      async (request) => {
        const sector = requireSector(request.params.id);
        return presentSector(sector, counts.get(sector.id) ?? 0);
      },
    );
  }

  route.get(
    api.sectorPerformance.pattern,
    { ...publicRoute, schema: { tags, security, response: { 200: sectorPerformanceSchema } } },
    async () => ({
      as_of: context.clock.now().toISOString(),
      results: await sectorPerformance(context),
    }),
  );

  route.get(
    api.stockPrice.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        description:
          '1D: every 5 minutes of the current (or last) session; 1W: every 30 minutes; 1M, 1Y, 5Y: daily closes. Prices in cents; the last point is the live price while the exchange is open.',
        querystring: stockPriceQuery,
        response: { 200: stockPriceSchema },
      },
    },
    async (request) => ({
      results: await priceHistory(context, request.query.symbol, request.query.duration),
    }),
  );

  route.get(
    api.technicalIndicator.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        description:
          'SMA(20) or Bollinger Bands(20, 2σ) over the points of the same chart, in cents. Not available for 1D.',
        querystring: technicalIndicatorQuery,
        response: { 200: technicalIndicatorSchema },
      },
    },
    async (request) => {
      const { symbol, duration, indicator } = request.query;
      return { results: await technicalIndicator(context, symbol, duration, indicator) };
    },
  );

  route.get(
    api.news.pattern,
    {
      ...publicRoute,
      schema: { tags, security, querystring: newsQuery, response: { 200: newsListSchema } },
    },
    async (request) => {
      const page = paginate(await marketNews(context), request.query, request.url, publicUrl);
      return { ...page, results: page.results.map(presentNewsItem) };
    },
  );

  route.get(
    api.newsItem.pattern,
    {
      ...publicRoute,
      schema: { tags, security, params: newsParams, response: { 200: newsArticleSchema } },
    },
    async (request) => presentNewsArticle(await requireNewsEvent(context, request.params.id)),
  );

  route.get(
    api.newsArticle.pattern,
    {
      ...publicRoute,
      schema: {
        tags,
        security,
        description:
          'The news item as a self-contained HTML page, for readers outside the app (the `url` of a news item is its page in the app).',
        params: newsParams,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const article = presentNewsArticle(await requireNewsEvent(context, request.params.id));
      return reply.type('text/html; charset=utf-8').send(renderArticleHtml(article));
    },
  );

  route.get(
    api.marketStatus.pattern,
    { ...publicRoute, schema: { tags, security, response: { 200: marketStatusSchema } } },
    async () => marketStatus(context),
  );

  /** Staff only: a signed-in user who is not staff gets 403, a stranger 401. */
  function requireStaff(request: Parameters<typeof requireUser>[0]) {
    const actor = requireUser(request);
    if (!actor.isStaff) throw forbidden(splitMessages.staffOnly);
    return actor;
  }

  route.get(
    api.marketSplits.pattern,
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        description: 'Staff only: the splits scheduled for running contests.',
        response: { 200: splitListSchema },
      },
    },
    async (request) => {
      requireStaff(request);
      return { results: await listScheduledSplits(app.deps.db) };
    },
  );

  route.post(
    api.marketSplits.pattern,
    {
      preValidation: requireUserHook,
      schema: {
        tags,
        description:
          'Staff only: schedules a split (`numerator` new shares for `denominator` old) from a trading day after today; the trading job applies it to every contest holding the security.',
        body: scheduleSplitSchema,
        response: { 201: splitSchema },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const split = await scheduleSplit(app.deps.db, context, request.body, actor.id);
      reply.status(201);
      return split;
    },
  );
}
