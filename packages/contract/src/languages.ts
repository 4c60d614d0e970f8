/**
 * The languages Bullpen speaks; English is the fallback and the spec's own wording. No zod
 * here: the web app's first load reads these, and the field's schema is in input.ts.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
