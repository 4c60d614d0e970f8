import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { proseBlocks } from '../platform/markdown.ts';

/**
 * Flesch–Kincaid grade level of a Markdown reading, with wooorm's `flesch-kincaid` (the
 * formula) and `syllable` (the syllable counter). The text is taken block by block
 * (paragraphs, list items, headings, table cells); a block ends a sentence even without a
 * full stop. A number counts as one word of one syllable per digit group, which is how
 * a reader takes "$1,250" (not as one unreadable word, not as none).
 */
export interface Readability {
  grade: number;
  sentences: number;
  words: number;
  syllables: number;
}

const SENTENCE_END = /[.!?]+(?=\s|$)/g;
const WORD = /[\p{L}\p{N}$][\p{L}\p{N}'’$%.,/-]*/gu;

export function countSentences(block: string): number {
  const ends = block.match(SENTENCE_END)?.length ?? 0;
  const trailing = /[.!?]["')\]”’]*\s*$/.test(block) ? 0 : 1;
  return Math.max(1, ends + trailing);
}

function wordSyllables(word: string): number {
  const bare = word.replace(/[.,/'’-]+$/, '');
  if (/\p{L}/u.test(bare)) return Math.max(1, syllable(bare));
  // Numbers, money and percentages: one syllable per group of digits.
  return Math.max(1, bare.split(/[.,/]/).filter((part) => /\d/.test(part)).length);
}

export function readability(markdown: string): Readability {
  let sentences = 0;
  let words = 0;
  let syllables = 0;
  for (const block of proseBlocks(markdown)) {
    const blockWords = block.match(WORD) ?? [];
    if (blockWords.length === 0) continue;
    sentences += countSentences(block);
    words += blockWords.length;
    for (const word of blockWords) syllables += wordSyllables(word);
  }
  const grade =
    words === 0 ? 0 : fleschKincaid({ sentence: sentences, word: words, syllable: syllables });
  return { grade: Math.round(grade * 10) / 10, sentences, words, syllables };
}
