import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Something built once per language and kept (formatters, date patterns): `of(language)` for
 * code outside React, `use()` for components, which re-render when the language changes.
 */
export function perLanguage<T>(build: (language: string) => T) {
  const cache = new Map<string, T>();
  const of = (language: string): T => {
    let built = cache.get(language);
    if (built === undefined) {
      built = build(language);
      cache.set(language, built);
    }
    return built;
  };
  const use = (): T => {
    const { i18n } = useTranslation();
    const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
    return useMemo(() => of(language), [language]);
  };
  return { of, use };
}
