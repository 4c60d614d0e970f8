import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paletteVariables, theme } from './theme.ts';

/** The declarations of the first rule whose selector is `selector`, as a map. */
function declarations(css: string, selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const entries = block
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
    .filter(([name, value]) => name && value)
    .map(([name, value]) => [name!, value!] as const);
  return new Map(entries);
}

const baseline = readFileSync(join(import.meta.dirname, 'baseline.css'), 'utf8');

describe('the static baseline (app/baseline.css)', () => {
  it('sets every palette variable to the theme’s colour, and no other', () => {
    const root = declarations(baseline, ':root');
    expect(Object.fromEntries(root)).toEqual(paletteVariables);
  });

  it('gives the body the theme’s text colour, background and body type', () => {
    const body = declarations(baseline, 'body');
    const root = declarations(baseline, ':root');
    const variable = (value: string | undefined) =>
      root.get(/var\((--[\w-]+)\)/.exec(value ?? '')?.[1] ?? '');
    expect(variable(body.get('color'))).toBe(theme.palette.text.primary);
    expect(variable(body.get('background-color'))).toBe(theme.palette.background.default);
    const type = theme.typography.body1;
    expect(body.get('font-family')?.replaceAll("'", '"')).toBe(type.fontFamily);
    expect(body.get('font-size')).toBe(type.fontSize);
    expect(body.get('font-weight')).toBe(String(type.fontWeight));
    expect(body.get('line-height')).toBe(String(type.lineHeight));
    expect(body.get('letter-spacing')).toBe(type.letterSpacing);
  });
});
