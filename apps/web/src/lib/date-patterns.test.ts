import { describe, expect, it } from 'vitest';
import { datePatternsFor } from './date-patterns.ts';

describe("the spec's fixed date patterns", () => {
  it('are American in English', () => {
    const en = datePatternsFor('en');
    const instant = new Date(2026, 2, 4, 9, 30);
    expect(en.chartTooltipDate(instant)).toBe('03/04/2026 09:30');
    expect(en.newsDate(instant)).toBe('03-04-2026: 09:30');
  });

  it('put the day first in Spanish, on a 24-hour clock', () => {
    const es = datePatternsFor('es-MX');
    const instant = new Date(2026, 2, 4, 21, 5);
    expect(es.chartTooltipDate(instant)).toBe('04/03/2026 21:05');
    expect(es.newsDate(instant.toISOString())).toBe('04-03-2026: 21:05');
  });

  it('fall back to English for a language it does not know', () => {
    expect(datePatternsFor('fr').newsDate(new Date(2026, 0, 2, 3, 4))).toBe('01-02-2026: 03:04');
  });
});
