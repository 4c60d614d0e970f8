import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  richTextField,
  richTextLength,
  richTextMessage,
  richTextProblem,
  tagsNestDeeperThan,
} from './rich-text.ts';

describe('htmlToText', () => {
  it('strips tags and decodes character references before measuring', () => {
    expect(htmlToText('<p><b>ab</b>&amp;</p>')).toBe('ab&');
    expect(richTextLength('<p><b>ab</b>&amp;</p>')).toBe(3);
    expect(htmlToText('<p>a&lt;b&gt;c&quot;&#39;&#x41;&nbsp;</p>')).toBe('a<b>c"\'A\u00a0');
  });

  it('keeps a lone "<" and an unknown reference as text', () => {
    expect(htmlToText('1 < 2 &bogus; 3')).toBe('1 < 2 &bogus; 3');
    expect(htmlToText('&amp')).toBe('&amp');
  });

  it('drops comments and the content of script and style elements', () => {
    expect(htmlToText('a<!-- hidden -->b<script>alert(1)</script>c<style>p{}</style>d')).toBe(
      'abcd',
    );
  });

  it('reads attributes as part of the tag, not as text', () => {
    expect(htmlToText('<a href="https://x.test/?a=1&amp;b=2" title="x">link</a>')).toBe('link');
  });

  it('turns invalid numeric references into the replacement character', () => {
    expect(htmlToText('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('counts an emoji as one character', () => {
    expect(richTextLength('<p>😀</p>')).toBe(1);
  });

  it('measures an empty editor as 0', () => {
    expect(richTextLength('<p></p>')).toBe(0);
    expect(richTextLength('')).toBe(0);
  });
});

describe('the rich-text rules (spec section 5)', () => {
  const limits = { min: 5, max: 20 };

  it('is required when empty with a minimum', () => {
    expect(richTextProblem(0, limits)).toEqual({ code: 'required' });
    expect(richTextMessage({ code: 'required' })).toBe('This field is required.');
  });

  it('names the real minimum in the spec’s sentence when the text is below it', () => {
    expect(richTextProblem(3, limits)).toEqual({ code: 'tooShort', min: 5 });
    expect(richTextMessage({ code: 'tooShort', min: 5 })).toBe(
      'You have to input at least 5 characters',
    );
  });

  it('refuses text above the maximum', () => {
    expect(richTextProblem(21, limits)).toEqual({ code: 'tooLong', max: 20 });
    expect(richTextMessage({ code: 'tooLong', max: 20 })).toBe(
      'You have exceeded the 20 Max. Character Limit',
    );
  });

  it('accepts the limits themselves, and empty text without a minimum', () => {
    expect(richTextProblem(5, limits)).toBeNull();
    expect(richTextProblem(20, limits)).toBeNull();
    expect(richTextProblem(0, { max: 20 })).toBeNull();
    expect(richTextProblem(2, { min: 3 })).toEqual({ code: 'tooShort', min: 3 });
  });

  it('measures the stripped text in the zod field', () => {
    const field = richTextField({ min: 3, max: 5 });
    expect(field.safeParse('<p><b>ab</b>&amp;</p>').success).toBe(true);
    expect(field.safeParse('<p></p>').error?.issues[0]?.message).toBe('This field is required.');
    expect(field.safeParse('<p>ab</p>').error?.issues[0]?.message).toBe(
      'You have to input at least 3 characters',
    );
    expect(field.safeParse('<p>&lt;abcdef&gt;</p>').error?.issues[0]?.message).toBe(
      'You have exceeded the 5 Max. Character Limit',
    );
  });
});

describe('the bounds on the raw HTML, before it is read', () => {
  const nested = (levels: number, tag = 'b') =>
    `<${tag}>`.repeat(levels) + 'x' + `</${tag}>`.repeat(levels);

  it('counts how deep tags nest, closing tags, void and self-closing ones included', () => {
    expect(tagsNestDeeperThan(nested(20), 20)).toBe(false);
    expect(tagsNestDeeperThan(nested(21), 20)).toBe(true);
    // Siblings do not nest; a closing tag gives its level back.
    expect(tagsNestDeeperThan('<p>a</p>'.repeat(100), 1)).toBe(false);
    expect(tagsNestDeeperThan('<p>' + '<br>'.repeat(50) + '<br/></p>', 1)).toBe(false);
    // Unclosed tags nest, as a parser reads them.
    expect(tagsNestDeeperThan('<i>'.repeat(21), 20)).toBe(true);
    // A "<" that starts no tag, and a tag never closed by ">", are text.
    expect(tagsNestDeeperThan('1 < 2 <b>3</b> <i', 1)).toBe(false);
    expect(tagsNestDeeperThan('<a<b<c<d', 1)).toBe(false);
    expect(tagsNestDeeperThan('<ul title="<li>"><li>a</li></ul>', 2)).toBe(false);
  });

  it('refuses HTML past its size bound or nested past 20 levels, before measuring it', () => {
    const field = richTextField({ min: 1, max: 100 });
    const tooMuch = `<p>${'a'.repeat(100)}</p>`.padEnd(801, ' ');
    expect(field.safeParse(tooMuch).error?.issues.map((issue) => issue.message)).toEqual([
      'This text holds too much formatting: at most 800 characters of HTML, tags included.',
    ]);
    expect(field.safeParse(nested(21)).error?.issues.map((issue) => issue.message)).toEqual([
      'This text nests its formatting too deeply: at most 20 levels.',
    ]);
    expect(field.safeParse(nested(20)).success).toBe(true);
    // The editor's deepest shape, a list in a list item, is far from the bound.
    expect(field.safeParse('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>').success).toBe(
      true,
    );
  });

  it('reads a résumé-sized attack in one linear pass', () => {
    // 600 KB of nested tags: the case that holds a sanitiser for seconds.
    const attack = nested(100_000, 'i');
    expect(attack.length).toBeGreaterThan(600_000);
    expect(tagsNestDeeperThan(attack, 20)).toBe(true);
    expect(tagsNestDeeperThan('<'.repeat(600_000), 20)).toBe(false);
    expect(richTextField({ max: 1000 }).safeParse(attack).error?.issues[0]?.message).toMatch(
      /too much formatting/,
    );
  });
});
