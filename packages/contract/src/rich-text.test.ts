import { describe, expect, it } from 'vitest';
import {
  htmlToText,
  richTextField,
  richTextLength,
  richTextMessage,
  richTextProblem,
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

  it('names the maximum when the text is below the minimum, as the spec says', () => {
    expect(richTextProblem(3, limits)).toEqual({ code: 'tooShort', max: 20 });
    expect(richTextMessage({ code: 'tooShort', max: 20 })).toBe(
      'You have to input at least 20 characters',
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
    expect(richTextProblem(2, { min: 3 })).toEqual({ code: 'tooShort', max: 3 });
  });

  it('measures the stripped text in the zod field', () => {
    const field = richTextField({ min: 3, max: 5 });
    expect(field.safeParse('<p><b>ab</b>&amp;</p>').success).toBe(true);
    expect(field.safeParse('<p></p>').error?.issues[0]?.message).toBe('This field is required.');
    expect(field.safeParse('<p>ab</p>').error?.issues[0]?.message).toBe(
      'You have to input at least 5 characters',
    );
    expect(field.safeParse('<p>&lt;abcdef&gt;</p>').error?.issues[0]?.message).toBe(
      'You have exceeded the 5 Max. Character Limit',
    );
  });
});
