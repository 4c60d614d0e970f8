import { describe, expect, it } from 'vitest';
import { calculatorNames } from '@bullpen/contract/calculator-names';
import { markdownCalculators, renderMarkdown } from './markdown.ts';

describe('a calculator’s place in a lesson', () => {
  it('survives sanitising with a known name, for every calculator', () => {
    for (const name of calculatorNames) {
      const html = renderMarkdown(
        `Try it.\n\n<div data-calculator="${name}"></div>\n\nThen read on.`,
      );
      expect(html).toContain(`<div data-calculator="${name}"></div>`);
      expect(html).toContain('<p>Try it.</p>');
      expect(html).toContain('<p>Then read on.</p>');
    }
  });

  it('loses its name when the name is unknown, and anything else it carries', () => {
    const html = renderMarkdown(
      '<div data-calculator="mortgage" onclick="alert(1)" class="x" data-other="y"></div>',
    );
    expect(html).toBe('<div></div>');
    expect(
      renderMarkdown(
        '<div data-calculator="loan-payoff" style="color:red"><script>alert(1)</script></div>',
      ),
    ).toBe('<div data-calculator="loan-payoff"></div>');
  });

  it('keeps no other attribute on a div, nor a calculator name on another tag', () => {
    expect(renderMarkdown('<p data-calculator="paycheck">Pay</p>')).toBe('<p>Pay</p>');
    expect(renderMarkdown('<div id="x" data-calculator="paycheck"></div>')).toBe(
      '<div data-calculator="paycheck"></div>',
    );
  });

  it('are listed, known or not, for the content check', () => {
    expect(
      markdownCalculators(
        'Intro.\n\n<div data-calculator="paycheck"></div>\n\nText.\n\n<div data-calculator=\'nope\'></div>\n',
      ),
    ).toEqual(['paycheck', 'nope']);
    expect(
      markdownCalculators('No calculator here, not even `<div data-calculator="x">`.'),
    ).toEqual([]);
  });
});
