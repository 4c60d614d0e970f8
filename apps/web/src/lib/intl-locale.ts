import { useTranslation } from 'react-i18next';

/** Intl locale per app language: Spanish as written across Latin America (es-419). */
export const INTL_LOCALES: Readonly<Record<string, string>> = { en: 'en-US', es: 'es-419' };

/** The Intl locale of an app language ("es" → "es-419"); English for any other. */
export function intlLocaleOf(language: string): string {
  return INTL_LOCALES[language.split('-')[0] ?? 'en'] ?? 'en-US';
}

/**
 * The current language's Intl locale. The header's points badge writes a number with it rather
 * than through useFormatters (lib/format.ts), whose dates bring date-fns and its locales into
 * every page's first load.
 */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocaleOf(i18n.resolvedLanguage ?? i18n.language ?? 'en');
}
