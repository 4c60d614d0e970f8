import { useTranslation } from 'react-i18next';
import type { MarketStatus } from '@bullpen/contract/market';
import { intlLocaleOf } from '@/lib/intl-locale.ts';
import { useMarketStatus } from '@/lib/market-status.ts';
import { classNames } from './class-names.ts';
import styles from './MarketSourceLine.module.css';

/**
 * The catalogues that hold the line's words, under `marketSource`: the market pages' and the
 * contests'. The order ticket loads only the contests' (its first load stays within budget,
 * docs/performance.md), so both carry them.
 */
type SourceNamespace = 'market' | 'contests';

/** "Friday, June 6, 2025" / "viernes, 6 de junio de 2025": a trading day, in no time zone. */
function formatTradingDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocaleOf(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

type SourceKey = 'simulated' | 'noBars' | 'replaying' | 'afterLastBar' | 'beforeFirstBar';

/** The key and values of the line for a market status (docs/market.md "Replay"). */
function marketSourceText(
  status: Pick<MarketStatus, 'simulated' | 'reference_date' | 'reference_state'>,
): { key: SourceKey; date: string | null } {
  if (status.simulated) return { key: 'simulated', date: null };
  if (status.reference_date === null) return { key: 'noBars', date: null };
  const key: SourceKey =
    status.reference_state === 'after_last_bar'
      ? 'afterLastBar'
      : status.reference_state === 'before_first_bar'
        ? 'beforeFirstBar'
        : 'replaying';
  return { key, date: status.reference_date };
}

/**
 * Where the prices come from, in one small line: simulated, or real end-of-day prices of a named
 * trading day, replayed. Nothing until the market status has arrived; put it below what it
 * describes, so its arrival moves nothing.
 */
export function MarketSourceLine({
  namespace,
  flush = false,
}: {
  namespace: SourceNamespace;
  /** No space above, and no paragraph: a line inside a heading (the stock popup's title). */
  flush?: boolean;
}) {
  const { t, i18n } = useTranslation(namespace);
  const status = useMarketStatus().data;
  if (!status) return null;
  const { key, date } = marketSourceText(status);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  // Inside a heading (the popup's title is an h2), a block span rather than a paragraph.
  const Line = flush ? 'span' : 'p';
  return (
    <Line className={classNames(styles.line, flush && styles.flush)}>
      {t(`marketSource.${key}`, { date: date === null ? '' : formatTradingDay(date, language) })}
    </Line>
  );
}
