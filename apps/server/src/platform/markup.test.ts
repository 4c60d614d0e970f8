import { describe, expect, it } from 'vitest';
import { escapeMarkup, plainTextOf } from './markup.ts';
import { proseBlocks } from './markdown.ts';

describe('escapeMarkup', () => {
  it('writes the five markup characters as entities, the ampersand first', () => {
    expect(escapeMarkup(`Tom & Jerry's <b>"deal"</b>`)).toBe(
      'Tom &amp; Jerry&#39;s &lt;b&gt;&quot;deal&quot;&lt;/b&gt;',
    );
    expect(escapeMarkup('&lt;')).toBe('&amp;lt;');
    expect(escapeMarkup('Plain words, 100% safe.')).toBe('Plain words, 100% safe.');
  });
});

describe('plainTextOf', () => {
  it('drops every tag, and the content of scripts and styles', () => {
    expect(plainTextOf('<p>Save <b>first</b></p><script>alert(1)</script><style>p{}</style>')).toBe(
      'Save first',
    );
  });

  it('gives back the characters, and text that spelled an entity as it was typed', () => {
    expect(plainTextOf(`Tom & Jerry's "deal" is 1 < 2 > 0`)).toBe(
      `Tom & Jerry's "deal" is 1 < 2 > 0`,
    );
    expect(plainTextOf('Write &amp;lt; for <')).toBe('Write &lt; for <');
  });

  it('is what a lesson’s prose blocks are made of: an entity typed in Markdown is not decoded twice', () => {
    expect(proseBlocks('In HTML, `&lt;` is written for **<**.')).toEqual([
      'In HTML, &lt; is written for <.',
    ]);
  });
});
