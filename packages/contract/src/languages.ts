import { z } from 'zod';

/** The languages Bullpen speaks; English is the fallback and the spec's own wording. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A user's language (web and mail): one of LANGUAGES. */
export const languageField = z.enum(LANGUAGES, {
  error: `Choose one of: ${LANGUAGES.join(', ')}.`,
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
