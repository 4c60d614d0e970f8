import type { Language } from '@bullpen/contract/languages';

// One list for the web, the server's users and the mails.
export { LANGUAGES, type Language } from '@bullpen/contract/languages';

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * One catalogue file per namespace and language under `src/locales/<language>/`.
 * A feature uses its own namespace; `common` holds the shell and shared components.
 */
export const namespaces = [
  'common',
  'validation',
  'auth',
  'contests',
  'contest-stats',
  'contest-rules',
  'contest-manage',
  'risk-board',
  'coach',
  'market',
  'home',
  'legal',
  'learn',
  'budget',
  'support',
  'classrooms',
  'assignments',
  'board',
  'certificates',
  'resumes',
  'earn',
  'redeem',
  'accessibility',
  'privacy',
  'tools',
  'notifications',
  'guardians',
  'rosters',
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * What every page needs before its first paint (the header, the footer, the form kit): these
 * English catalogues are in the entry. The others load with the page that uses them.
 */
export const shellNamespaces = ['common', 'validation'] as const satisfies readonly Namespace[];
export const defaultNamespace = 'common' satisfies Namespace;
