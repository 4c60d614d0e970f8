import type { NewsArticle, NewsItem } from '@bullpen/contract/market';
import { marketPaths } from '@bullpen/contract/routes';
import { isoDay } from './calendar.ts';
import type { DividendAction, SplitAction } from './corporate-actions.ts';
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

/** An arrow up or down for a move; a ring for a dividend or a split, which moves nothing. */
function newsImage(color: string, event: MarketEvent): string {
  const arrow = event.action
    ? 'M32 16 A16 16 0 1 0 32.01 16 Z M32 24 A8 8 0 1 1 31.99 24 Z'
    : event.move >= 0
      ? 'M16 44 L32 20 L48 44 Z'
      : 'M16 20 L32 44 L48 20 Z';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 64 64" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="64" height="64" fill="${color}"/><path d="${arrow}" fill="#fff" fill-rule="evenodd" opacity=".85"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

type Story = {
  title: string;
  description: string;
  body: string[];
  color: string;
  symbols: string[];
};

function companyName(event: MarketEvent): { name: string; color: string } {
  const security = securityBySymbol.get(event.symbol ?? '');
  return {
    name: security?.name ?? event.symbol ?? 'A company',
    color: security?.sector.color ?? '#455a64',
  };
}

/** A surprise move on a day without results: the news behind it agrees with its direction. */
function companyStory(event: MarketEvent): Story {
  const { name, color } = companyName(event);
  const up = event.move >= 0;
  const reason = pick(
    up
      ? [
          'wins a major contract',
          'launches a new product to strong early orders',
          'announces a partnership with a larger rival',
          'gets an upgrade from analysts',
        ]
      : [
          'faces a product recall',
          'loses a major customer',
          'gets a downgrade from analysts',
          'is hit by a lawsuit over one of its products',
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
    color,
    symbols: event.symbol ? [event.symbol] : [],
  };
}

/** A move within this share of the previous close is "little changed" on a results day. */
const RESULTS_FLAT = 0.01;

/** Quarterly results: above, in line with or below expectations as the shares moved. */
function earningsStory(event: MarketEvent): Story {
  const { name, color } = companyName(event);
  const symbols = event.symbol ? [event.symbol] : [];
  const day = isoDay(event.day);
  const reaction =
    'When results come out, the price moves on the difference between what was expected and what was reported, not on whether the company made money: a profit below expectations can send shares down.';
  if (Math.abs(event.move) < RESULTS_FLAT) {
    return {
      title: `${name} reports quarterly results in line with expectations; shares little changed`,
      description: `${event.symbol} moved ${event.move >= 0 ? 'up' : 'down'} ${percent(event.move)} on ${day}, the day of its quarterly results.`,
      body: [
        `${name} (${event.symbol}) reported its quarterly sales and profit before the opening bell on ${day}. The figures were close to what analysts had forecast, and the shares ended the session ${event.move >= 0 ? 'up' : 'down'} ${percent(event.move)}.`,
        reaction,
        'What to think about: a company reports four times a year. Where would you find the date of its next results?',
      ],
      color,
      symbols,
    };
  }
  const up = event.move > 0;
  const detail = pick(
    up
      ? [
          'sales grew faster than forecast',
          'profit per share beat forecasts',
          'it raised its outlook for the year',
        ]
      : [
          'sales grew more slowly than forecast',
          'profit per share fell short of forecasts',
          'it lowered its outlook for the year',
        ],
    event.id,
  );
  return {
    title: `${name} results ${up ? 'beat' : 'miss'} expectations; shares ${up ? 'rise' : 'fall'} ${percent(event.move)}`,
    description: `${event.symbol} ${up ? 'rose' : 'fell'} ${percent(event.move)} on ${day} after its quarterly results: ${detail}.`,
    body: [
      `${name} (${event.symbol}) reported its quarterly results before the opening bell on ${day}: ${detail}. The shares ${up ? 'rose' : 'fell'} ${percent(event.move)} in the session.`,
      reaction,
      'What to think about: results days are when a single company moves most. How much of your portfolio would one such day touch?',
    ],
    color,
    symbols,
  };
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A dividend at the close before its ex-date: who holds the shares then is paid. */
function dividendStory(event: MarketEvent, action: DividendAction): Story {
  const { name, color } = companyName(event);
  return {
    title: `${name} pays a dividend of ${dollars(action.cashCents)} a share`,
    description: `${event.symbol} goes ex-dividend on ${action.exDate}; holders at the close before then are paid on ${action.payDate}.`,
    body: [
      `${name} (${event.symbol}) pays its shareholders a cash dividend of ${dollars(action.cashCents)} for every share they own. Shares bought from the ex-dividend date, ${action.exDate}, do not receive it; those held at the close before it do, and the cash arrives on ${action.payDate}.`,
      'On the ex-dividend date the share price usually opens lower by about the dividend: the cash leaves the company and goes to its owners. In Bullpen the dividend is added to the cash of every portfolio that holds the stock.',
      'What to think about: a dividend is part of a stock’s return. Would you count it when you compare your portfolio with the market?',
    ],
    color,
    symbols: event.symbol ? [event.symbol] : [],
  };
}

/** A split at the close before it takes effect: more shares at a lower price, the same value. */
function splitStory(event: MarketEvent, action: SplitAction): Story {
  const { name, color } = companyName(event);
  const forward = action.numerator > action.denominator;
  const ratio = `${action.numerator}-for-${action.denominator}`;
  return {
    title: `${name} ${forward ? 'splits' : 'combines'} its shares ${ratio}`,
    description: `From ${action.effectiveDate}, every ${action.denominator === 1 ? 'share' : `${action.denominator} shares`} of ${event.symbol} ${action.denominator === 1 ? 'becomes' : 'become'} ${action.numerator}${forward ? ', each at a lower price' : ''}.`,
    body: [
      `${name} (${event.symbol}) ${forward ? 'splits' : 'combines'} its shares ${ratio} from ${action.effectiveDate}: a holder of ${action.denominator * 10} shares will hold ${action.numerator * 10}, and the price of one share is ${forward ? `divided by ${action.numerator / action.denominator}` : `multiplied by ${action.denominator / action.numerator}`}.`,
      'A split changes how a company is cut into shares, not what it is worth: the value of a holding is the same the day after. In Bullpen every portfolio holding the stock gets its new number of shares, with its cost basis per share adjusted.',
      'What to think about: a lower price per share can make the stock easier to buy in small amounts. Does it make the company any cheaper?',
    ],
    color,
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
  if (event.action?.kind === 'dividend') return dividendStory(event, event.action);
  if (event.action?.kind === 'split') return splitStory(event, event.action);
  if (event.kind === 'earnings') return earningsStory(event);
  if (event.kind === 'company') return companyStory(event);
  if (event.kind === 'sector') return sectorStory(event);
  return marketStory(event);
}

/** A news item opens on its page inside the app (apps/web/src/features/market/pages/NewsArticlePage.tsx). */
export function articleUrl(id: string): string {
  return marketPaths.newsArticle(id);
}

export function presentNewsItem(event: MarketEvent): NewsItem {
  const { title, description, color } = story(event);
  return {
    id: event.id,
    title,
    source: SOURCE,
    imgUrl: newsImage(color, event),
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
