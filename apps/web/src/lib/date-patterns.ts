import { format as formatPattern } from 'date-fns';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { CHART_TOOLTIP_DATE_FORMAT, NEWS_DATE_FORMAT } from '@bullpen/contract/ui';
import { perLanguage } from './per-language.ts';

/**
 * Dates written in the spec's fixed patterns (the chart's tooltip, the news), with date-fns, in
 * a module of their own: only the stock popup's panels and the class board use them, and the
 * pages' first loads then carry no date-fns (format.ts writes every other date with Intl).
 */
const DATE_FNS_LOCALES: Record<string, Locale> = { en: enUS, es };

/** The spec's patterns are American (month first); other languages put the day first. */
const DATE_PATTERNS: Record<string, { chartTooltip: string; news: string }> = {
  en: { chartTooltip: CHART_TOOLTIP_DATE_FORMAT, news: NEWS_DATE_FORMAT },
  es: { chartTooltip: 'dd/MM/yyyy HH:mm', news: 'dd-MM-yyyy: HH:mm' },
};

export interface DatePatterns {
  /** date-fns's locale of the language, for a pattern of a caller's own. */
  dateFnsLocale: Locale;
  /** The chart tooltip's date ("03/04/2026 09:30"; day first in Spanish). */
  chartTooltipDate: (instant: string | Date) => string;
  /** A news item's date ("03-04-2026: 09:30"; day first in Spanish). */
  newsDate: (instant: string | Date) => string;
}

function build(language: string): DatePatterns {
  const base = language.split('-')[0] ?? 'en';
  const dateFnsLocale = DATE_FNS_LOCALES[base] ?? enUS;
  const { chartTooltip, news } = DATE_PATTERNS[base] ?? DATE_PATTERNS.en!;
  const toDate = (instant: string | Date) =>
    typeof instant === 'string' ? new Date(instant) : instant;
  return {
    dateFnsLocale,
    chartTooltipDate: (instant) =>
      formatPattern(toDate(instant), chartTooltip, { locale: dateFnsLocale }),
    newsDate: (instant) => formatPattern(toDate(instant), news, { locale: dateFnsLocale }),
  };
}

const patterns = perLanguage(build);

/** The patterns of a language (outside React; components use `useDatePatterns`). */
export const datePatternsFor = patterns.of;

/** The patterns of the current language; components re-render when it changes. */
export const useDatePatterns = patterns.use;
