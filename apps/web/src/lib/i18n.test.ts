import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, namespaces } from './i18n-languages.ts';
import { catalogueProblems } from '@bullpen/contract/i18n-check';

const localesDir = join(import.meta.dirname, '..', 'locales');

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
}

describe('the translation catalogues', () => {
  it('have one file per declared namespace in every language, and no other', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(localesDir, language)).sort();
      expect(files, language).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    for (const namespace of namespaces) {
      it(`${language}/${namespace} has every English key, the same placeholders, and no extra`, () => {
        expect(catalogueProblems(load('en', namespace), load(language, namespace))).toEqual([]);
      });
    }
  }
});
