/** Plural forms that i18next picks by count; a language may need more or fewer than English. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1] ?? ''))]
    .filter((name) => name !== 'count')
    .sort();
}

/** Groups plural forms under their base key: `item_one`, `item_other` → `item`. */
function byBaseKey(entries: Map<string, unknown>): Map<string, unknown[]> {
  const grouped = new Map<string, unknown[]>();
  for (const [key, text] of entries) {
    const base = key.replace(PLURAL_SUFFIX, '');
    grouped.set(base, [...(grouped.get(base) ?? []), text]);
  }
  return grouped;
}

/**
 * What is wrong with a translation against the English catalogue: keys missing or extra, texts
 * left empty, and placeholders ({{name}}) that the translation dropped or invented.
 */
export function catalogueProblems(english: unknown, translation: unknown): string[] {
  const reference = byBaseKey(flatten(english));
  const translated = byBaseKey(flatten(translation));
  const problems: string[] = [];
  for (const [key, texts] of reference) {
    const other = translated.get(key);
    if (!other) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (other.some((text) => typeof text !== 'string' || text.trim() === '')) {
      problems.push(`${key}: empty`);
      continue;
    }
    const want = placeholders(texts.join(' '));
    const have = placeholders(other.join(' '));
    if (want.join() !== have.join()) {
      const show = (names: string[]) =>
        names.length ? names.map((n) => `{{${n}}}`).join(', ') : 'none';
      problems.push(`${key}: placeholders ${show(want)} in English but ${show(have)} here`);
    }
  }
  for (const key of translated.keys()) {
    if (!reference.has(key)) problems.push(`${key}: not in English`);
  }
  return problems.sort();
}
