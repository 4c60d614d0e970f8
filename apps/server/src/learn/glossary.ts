import type { GlossaryTerm } from '@bullpen/contract/learn';
import { markdownStrong } from '../platform/markdown.ts';
import type { CourseSource, GlossaryEntrySource } from './content-files.ts';

/**
 * The glossary (`content/glossary/*.yaml`): every term the lessons teach, A to Z,
 * each with the first lesson in catalogue order whose reading has it in bold. Built at
 * start-up from the same files as the curriculum (learn/plugin.ts) and served from memory.
 */

/** A glossary term's key: lower case, single spaces, a plural's "s" dropped. */
export function termKey(term: string): string {
  const key = term.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();
  if (key.endsWith('ies') && key.length > 4) return `${key.slice(0, -3)}y`;
  if (key.endsWith('ses') || key.endsWith('xes')) return key.slice(0, -2);
  if (key.endsWith('s') && !key.endsWith('ss') && key.length > 3) return key.slice(0, -1);
  return key;
}

/** A term's anchor on the glossary page: lower case, words joined by hyphens. */
export function termSlug(term: string): string {
  return term
    .toLowerCase()
    .replace(/\(k\)/g, 'k')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function glossaryTerms(
  entries: GlossaryEntrySource[],
  sources: CourseSource[],
): GlossaryTerm[] {
  const taught = new Map<string, { slug: string; title: string }>();
  for (const course of sources) {
    for (const lesson of course.lessons) {
      for (const term of markdownStrong(lesson.body)) {
        const key = termKey(term);
        if (!taught.has(key)) {
          taught.set(key, { slug: lesson.front.slug, title: lesson.front.title });
        }
      }
    }
  }
  return entries.map((entry) => ({
    term: entry.term,
    slug: termSlug(entry.term),
    definition: entry.definition,
    lesson: taught.get(termKey(entry.term)) ?? null,
  }));
}
