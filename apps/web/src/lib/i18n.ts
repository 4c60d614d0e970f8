import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage } from '@bullpen/contract/languages';
import {
  LANGUAGES,
  type Language,
  type Namespace,
  defaultNamespace,
  shellNamespaces,
} from './i18n-languages.ts';

export type { Language } from './i18n-languages.ts';

/**
 * The shell's English catalogues are bundled (English is the fallback, and most users read
 * it); every other catalogue, English or not, is its own small chunk fetched with the page
 * that uses it (`loadCatalogues`), so a first load carries only what its page shows.
 */
const english = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/en/{common,validation}.json',
  { eager: true },
);
const otherLanguages = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/*.json',
);

/** The language chosen with the switch on this device: it wins on this device. */
const LANGUAGE_STORAGE_KEY = 'language';
/** The signed-in account's language, kept until logout so a reload paints in it at once. */
const ACCOUNT_LANGUAGE_STORAGE_KEY = 'accountLanguage';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // Storage can be blocked; the other sources still count.
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // The language still holds for this visit.
  }
}

function catalogueKey(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const bundled = language === 'en' ? english[catalogueKey(language, namespace)] : undefined;
    if (bundled) {
      callback(null, bundled.default);
      return;
    }
    const load = otherLanguages[catalogueKey(language, namespace)];
    if (!load) {
      callback(new Error(`No ${language} catalogue for ${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export { isLanguage };

/**
 * The language to start in: the choice made on this device, else the signed-in account's,
 * else the browser's first language we have, else English (docs/features.md "Languages").
 */
export function initialLanguage(): Language {
  for (const stored of [
    readStored(LANGUAGE_STORAGE_KEY),
    readStored(ACCOUNT_LANGUAGE_STORAGE_KEY),
  ]) {
    if (isLanguage(stored)) return stored;
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function applyToDocument(language: string): void {
  document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

let markStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/**
 * Loads a page's catalogues (in the current language and English, its fallback), once i18next
 * has started: a route loads them beside its code, so the page paints with its words.
 */
export async function loadCatalogues(needed: readonly Namespace[]): Promise<void> {
  await started;
  await i18n.loadNamespaces([...needed]);
}

/** Starts i18next; resolves once the first language's shell catalogues are loaded. */
export async function initI18n(language: Language = initialLanguage()): Promise<unknown> {
  i18n.on('languageChanged', applyToDocument);
  applyToDocument(language);
  const result = await i18n
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [...shellNamespaces],
      defaultNS: defaultNamespace,
      // The shell's English is in the bundle, so first paint needs no request; the rest loads.
      partialBundledLanguages: true,
      resources: Object.fromEntries([
        [
          'en',
          Object.fromEntries(
            shellNamespaces.map((ns) => [ns, english[catalogueKey('en', ns)]?.default ?? {}]),
          ),
        ],
      ]),
      interpolation: { escapeValue: false }, // React escapes what it renders.
      returnNull: false,
      react: { useSuspense: true },
    });
  markStarted();
  return result;
}

/** Switches the language now and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStored(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * At sign-in: the account's language is used unless this device has a choice of its own.
 * `null` at sign-out forgets the account's, back to the device's or the browser's language.
 */
export async function adoptAccountLanguage(language: Language | null): Promise<void> {
  writeStored(ACCOUNT_LANGUAGE_STORAGE_KEY, language);
  const next = initialLanguage();
  if (i18n.language !== next) await i18n.changeLanguage(next);
}
