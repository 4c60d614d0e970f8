import { onFirstUse, toPercent } from '@bullpen/contract/money';
import { intlLocaleOf } from './intl-locale.ts';
import { perLanguage } from './per-language.ts';

/**
 * Numbers, money and dates in the reader's language (the spec's fixed date patterns, which need
 * date-fns, are in date-patterns.ts, so the pages without charts or news load no date-fns). The game trades in US dollars, so money
 * is dollars ("$") in every language; only the way numbers and dates are written changes.
 * English is exactly what the spec shows ("$1,234.50", "12.34%", "Mar 4, 2026, 9:30 AM").
 */

/** The typographic minus, so a loss reads as a sign and not as a dash. */
const MINUS = '\u2212';

function signOf(value: number): string {
  if (value > 0) return '+';
  if (value < 0) return MINUS;
  return '';
}

export interface Formatters {
  /** The Intl locale in use ("en-US", "es-419"), for libraries that take one (charts). */
  locale: string;
  /** "$1,234.50" */
  cents: (cents: number) => string;
  /** "+$1.23", "−$1.23" or "$0.00" */
  signedCents: (cents: number) => string;
  /** "$3.40T" in English, "$3.40 B" (billones) in Spanish. */
  centsCompact: (cents: number) => string;
  /** "1,234" */
  number: (value: number) => string;
  /** Two decimals, no grouping: ratios such as P/E, beta, Sharpe ("1.23"). */
  decimal: (value: number) => string;
  /** Spec section 9: value × 100 rounded to two decimals, "12.34%". */
  percent: (ratio: number) => string;
  /** "+1.23%", "−1.23%" or "0.00%" */
  signedPercent: (ratio: number) => string;
  /** An instant in the user's zone: "Mar 4, 2026, 9:30 AM" / "4 mar 2026, 9:30 a.m." */
  dateTime: (instant: string | Date) => string;
}

function build(language: string): Formatters {
  const base = language.split('-')[0] ?? 'en';
  const locale = intlLocaleOf(base);
  // narrowSymbol: "$" rather than "USD"/"US$", which Spanish locales would otherwise print.
  const money = { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' } as const;
  // Each made on its first use: a page that shows no dates builds no date formatter.
  const currency = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        ...money,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  const compact = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        ...money,
        notation: 'compact',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  const number = onFirstUse(() => new Intl.NumberFormat(locale));
  const decimal = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      }),
  );
  const percent = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      }),
  );
  const dateTime = onFirstUse(
    () =>
      new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  const toDate = (instant: string | Date) =>
    typeof instant === 'string' ? new Date(instant) : instant;
  const percentOf = (ratio: number) => {
    const rounded = toPercent(ratio);
    // A ratio that rounds to zero is "0.00%", never "-0.00%" (Intl keeps the sign of -0).
    return percent().format(rounded === 0 ? 0 : rounded / 100);
  };

  return {
    locale,
    cents: (cents) => currency().format(cents / 100),
    signedCents: (cents) => `${signOf(cents)}${currency().format(Math.abs(cents) / 100)}`,
    centsCompact: (cents) => compact().format(cents / 100),
    number: (value) => number().format(value),
    decimal: (value) => decimal().format(value),
    percent: percentOf,
    signedPercent: (ratio) => {
      const rounded = toPercent(ratio);
      return `${signOf(rounded)}${percentOf(Math.abs(rounded) / 100)}`;
    },
    dateTime: (instant) => dateTime().format(toDate(instant)),
  };
}

const formatters = perLanguage(build);

/** The formatters of a language (outside React; components use `useFormatters`). */
export const formattersFor = formatters.of;

/** The formatters of the current language; components re-render when it changes. */
export const useFormatters = formatters.use;
