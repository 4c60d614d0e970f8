import type { NewsArticle, NewsItem } from '@bullpen/contract/market';
import { api } from '@bullpen/contract/routes';
import { isoDay } from './calendar.ts';
import type { MarketEvent } from './provider.ts';
import { hashSeed } from './random.ts';
import { sectorById } from './sectors.ts';
import { securityBySymbol } from './universe.ts';
import { escapeMarkup } from '../platform/markup.ts';

/**
 * News written from the market's own events: a company's jump, a sector's big day, a market
 * move. The numbers in the text are the simulation's, so a student can check the story
 * against the chart. Images are drawn here as SVG (no remote images).
 */
const SOURCE = 'Bullpen Market Wire (simulated)';

function pick<T>(options: readonly T[], key: string): T {
  return options[hashSeed(key) % options.length] as T;
}

function percent(move: number): string {
  return `${(Math.abs(move) * 100).toFixed(1)}%`;
}

function newsImage(color: string, up: boolean): string {
  const arrow = up ? 'M16 44 L32 20 L48 44 Z' : 'M16 20 L32 44 L48 20 Z';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 64 64" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="64" height="64" fill="${color}"/><path d="${arrow}" fill="#fff" opacity=".85"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

type Story = {
  title: string;
  description: string;
  body: string[];
  color: string;
  symbols: string[];
};

function companyStory(event: MarketEvent): Story {
  const security = securityBySymbol.get(event.symbol ?? '');
  const name = security?.name ?? event.symbol ?? 'A company';
  const up = event.move >= 0;
  const reason = pick(
    up
      ? [
          'beats earnings expectations',
          'raises its full-year outlook',
          'wins a major contract',
          'reports record sales',
        ]
      : [
          'misses earnings expectations',
          'cuts its full-year outlook',
          'warns of weaker demand',
          'faces a product recall',
        ],
    event.id,
  );
  const title = `${name} ${reason}; shares ${up ? 'jump' : 'fall'} ${percent(event.move)}`;
  return {
    title,
    description: `${event.symbol} ${up ? 'rose' : 'fell'} ${percent(event.move)} on ${isoDay(event.day)} after the company ${reason}.`,
    body: [
      `Shares of ${name} (${event.symbol}) ${up ? 'rose' : 'fell'} ${percent(event.move)} in the session of ${isoDay(event.day)}, after news released before the opening bell: the company ${reason}.`,
      `A move this size in one day is unusual. Most days a stock moves with the whole market and with its sector; news about the company itself can move it far more, in either direction.`,
      `What to think about: did the price move before or after the news came out? Would holding several companies have softened this surprise in a portfolio?`,
    ],
    color: security?.sector.color ?? '#455a64',
    symbols: event.symbol ? [event.symbol] : [],
  };
}

function sectorStory(event: MarketEvent): Story {
  const sector = sectorById.get(event.sectorId ?? 0);
  const name = sector?.name ?? 'A sector';
  const up = event.move >= 0;
  const verb = pick(up ? ['rally', 'climb', 'surge'] : ['slide', 'drop', 'retreat'], event.id);
  const cause = pick(
    up
      ? [
          'on upbeat industry data',
          'as investors rotate into the group',
          'after a strong report from a bellwether',
        ]
      : [
          'on disappointing industry data',
          'as investors take profits',
          'after a weak report from a bellwether',
        ],
    `${event.id}:cause`,
  );
  return {
    title: `${name} stocks ${verb} ${percent(event.move)} ${cause}`,
    description: `The ${name} sector ${up ? 'gained' : 'lost'} about ${percent(event.move)} beyond the market's own move on ${isoDay(event.day)}.`,
    body: [
      `${name} stocks ${up ? 'gained' : 'lost'} about ${percent(event.move)} on ${isoDay(event.day)}, more than the market as a whole, ${cause}.`,
      `Companies in the same sector share customers, costs and regulations, so they often move together. That is why a portfolio of five companies from one sector is less diversified than it looks.`,
    ],
    color: sector?.color ?? '#455a64',
    symbols: [],
  };
}

function marketStory(event: MarketEvent): Story {
  const up = event.move >= 0;
  const cause = pick(
    up
      ? ['as inflation cools', 'after upbeat jobs data', 'as interest-rate worries ease']
      : ['as inflation worries return', 'after weak economic data', 'as interest-rate fears grow'],
    event.id,
  );
  return {
    title: `Stocks ${up ? 'rise' : 'fall'} ${percent(event.move)} ${cause}`,
    description: `The broad market ${up ? 'rose' : 'fell'} about ${percent(event.move)} on ${isoDay(event.day)}.`,
    body: [
      `The stock market as a whole ${up ? 'rose' : 'fell'} about ${percent(event.move)} on ${isoDay(event.day)}, ${cause}.`,
      `When the whole market moves, most stocks move with it: companies with a high beta tend to move more than the market, and those with a low beta less.`,
    ],
    color: up ? '#2e7d32' : '#c62828',
    symbols: [],
  };
}

function story(event: MarketEvent): Story {
  if (event.kind === 'company') return companyStory(event);
  if (event.kind === 'sector') return sectorStory(event);
  return marketStory(event);
}

export function articleUrl(id: string): string {
  return api.newsArticle.build({ id });
}

export function presentNewsItem(event: MarketEvent): NewsItem {
  const { title, description, color } = story(event);
  return {
    id: event.id,
    title,
    source: SOURCE,
    imgUrl: newsImage(color, event.move >= 0),
    description,
    url: articleUrl(event.id),
    publishedDate: new Date(event.publishedAt).toISOString(),
  };
}

export function presentNewsArticle(event: MarketEvent): NewsArticle {
  const { body, symbols } = story(event);
  return { ...presentNewsItem(event), body, symbols };
}

/** A readable, self-contained page for the news item's `url` (no scripts, no remote assets). */
export function renderArticleHtml(article: NewsArticle): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(article.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.55;color:#1a1a1a}img{width:100%;height:auto;border-radius:8px}small{color:#555}</style>
</head><body><article>
<img src="${article.imgUrl}" alt="">
<h1>${escapeMarkup(article.title)}</h1>
<p><small>${escapeMarkup(article.source)} · <time datetime="${article.publishedDate}">${escapeMarkup(article.publishedDate.slice(0, 16).replace('T', ' '))} UTC</time></small></p>
${article.body.map((paragraph) => `<p>${escapeMarkup(paragraph)}</p>`).join('\n')}
<p><small>This story was generated from simulated market data for teaching. It is not real news.</small></p>
</article></body></html>`;
}
