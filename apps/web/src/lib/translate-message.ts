import type { Namespace } from '@/lib/i18n-languages.ts';
import { i18n } from '@/lib/i18n.ts';

/**
 * Where the kit looks up an English message: a whole namespace (`'validation'`) or one group
 * of keys in it (`'auth:messages'`).
 */
export type MessageSource = Namespace | `${Namespace}:${string}`;

interface Matcher {
  key: string;
  pattern: RegExp;
  names: string[];
  plural: boolean;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const cache = new Map<MessageSource, Matcher[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "Enter at most {{max}} shares." → /^Enter at most (.+?) shares\.$/ naming `max`. */
function matcherFor(key: string, english: string): Matcher {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of english.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(english.slice(last, match.index));
    pattern += '(.+?)';
    names.push(match[1] ?? '');
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(english.slice(last));
  const plural = PLURAL_SUFFIX.test(key);
  return {
    key: plural ? key.replace(PLURAL_SUFFIX, '') : key,
    pattern: new RegExp(`^${pattern}$`, 's'),
    names,
    plural,
  };
}

function collect(node: unknown, path: string, into: Matcher[]): void {
  if (typeof node === 'string') into.push(matcherFor(path, node));
  else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      collect(child, path.endsWith(':') ? `${path}${key}` : `${path}.${key}`, into);
    }
  }
}

function matchersOf(source: MessageSource): Matcher[] {
  const cached = cache.get(source);
  if (cached) return cached;
  const [namespace, group] = source.split(':') as [Namespace, string | undefined];
  let node: unknown = i18n.getResourceBundle('en', namespace);
  // A catalogue no page has asked for yet: load it, so the next message of its kind is found.
  if (node === undefined) void i18n.loadNamespaces(namespace);
  for (const part of group ? group.split('.') : []) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  const matchers: Matcher[] = [];
  collect(node, `${namespace}:${group ?? ''}`, matchers);
  // A catalogue still loading would be cached empty: only keep a real answer.
  if (matchers.length > 0) cache.set(source, matchers);
  return matchers;
}

const translate = i18n.t.bind(i18n) as unknown as (
  key: string,
  options?: Record<string, unknown>,
) => string;

/**
 * Puts an English message from the contract or the server into the reader's language. The
 * contract and the server speak English (the spec's words); the catalogues hold the same
 * English text under a key, so the message is found by its English wording (placeholders
 * match any text) and the same key is read in the current language. A message no catalogue
 * knows is shown as it is.
 */
export function translateMessage(message: string, sources: readonly MessageSource[] = []): string {
  if (!message || i18n.resolvedLanguage === 'en') return message;
  for (const source of ['validation' as const, ...sources]) {
    for (const matcher of matchersOf(source)) {
      const match = matcher.pattern.exec(message);
      if (!match) continue;
      const values: Record<string, unknown> = {};
      matcher.names.forEach((name, index) => {
        values[name] = match[index + 1];
      });
      if (matcher.plural && typeof values.count === 'string') {
        values.count = Number(values.count.replace(/,/g, ''));
      }
      return translate(matcher.key, values);
    }
  }
  return message;
}
