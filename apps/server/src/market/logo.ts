import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { escapeMarkup } from '../platform/markup.ts';

/** Logos are 64 × 64 with the initials centred, at most this wide. */
const SIZE = 64;
const MAX_TEXT_WIDTH = 52;

let roboto: Font | undefined;

/** Roboto Bold (the app's own font; OFL, from @fontsource/roboto), read on first use. */
function robotoBold(): Font {
  if (!roboto) {
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/roboto/files/roboto-latin-700-normal.woff2',
    );
    roboto = fontkit.create(fs.readFileSync(file));
  }
  return roboto;
}

/**
 * A security's logo, drawn here: the ticker's initials on the sector colour, in SVG (no remote
 * images). Served by `GET /api/securities/{id}/logo/`, so a page's logos load beside it, each
 * in a task of its own, and are cached; as `data:` URIs in the list they were all parsed in the
 * task that rendered the list.
 */
export function logoSvg(symbol: string, color: string): string {
  const initials = symbol.replace(/[^A-Z]/g, '').slice(0, 4) || symbol.slice(0, 2);
  const size = initials.length <= 2 ? 26 : initials.length === 3 ? 20 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeMarkup(symbol)}">` +
    `<rect width="64" height="64" rx="14" fill="${color}"/>` +
    `<path d="${textOutline(initials, size)}" fill="#fff"/></svg>`
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The outline of `text` in Roboto Bold, as SVG path data centred in the 64 × 64 logo: `fontSize`
 * px high, narrowed to fit. Drawn as a path rather than SVG `<text>`, because a browser lays out
 * the text of every SVG image in a document of its own, with its own font lookup: twenty logos in
 * a stock list cost about 0.75 s of main thread at Lighthouse's 4× slowdown as text, and a tenth
 * of it as paths (issue #13).
 */
export function textOutline(text: string, fontSize: number): string {
  const font = robotoBold();
  const run = font.layout(text);
  const scale =
    Math.min(fontSize, (MAX_TEXT_WIDTH * font.unitsPerEm) / run.advanceWidth) / font.unitsPerEm;
  const left = (SIZE - run.advanceWidth * scale) / 2;
  const baseline = (SIZE + font.capHeight * scale) / 2;
  const path = new CompactPath();
  let penX = 0;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const originX = left + (penX + position.xOffset) * scale;
    const originY = baseline - position.yOffset * scale;
    // fontkit's path data is absolute (M, L, Q, C, Z) in font units, y up.
    for (const [, command, args] of glyph.path.toSVG().matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
      const numbers =
        args!.trim() === ''
          ? []
          : args!
              .trim()
              .split(/[\s,]+/)
              .map(Number);
      const points: [number, number][] = [];
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        points.push([originX + numbers[i]! * scale, originY - numbers[i + 1]! * scale]);
      }
      path.add(command!, points);
    }
    penX += position.xAdvance;
  });
  return path.data;
}

/** A number as SVG path data writes it shortest: `.5`, `-.5`, `12`. */
const short = (value: number) => String(value).replace(/^(-?)0\./, '$1.');

/**
 * SVG path data in relative commands (`h` and `v` for straight lines along an axis), to a tenth
 * of a unit: about half the absolute form's size.
 */
class CompactPath {
  data = '';
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  add(command: string, points: [number, number][]): void {
    if (command === 'Z') {
      this.data += 'z';
      [this.x, this.y] = [this.startX, this.startY];
      return;
    }
    const rounded = points.map(([x, y]) => [round(x), round(y)] as const);
    const [endX, endY] = rounded.at(-1)!;
    let letter = command.toLowerCase();
    // Control points, like the end point, are relative to where the segment starts.
    let values = rounded.flatMap(([x, y]) => [round(x - this.x), round(y - this.y)]);
    if (command === 'M' && this.data === '') [letter, values] = ['M', [endX, endY]];
    else if (command === 'L' && values[0] === 0) [letter, values] = ['v', [values[1]!]];
    else if (command === 'L' && values[1] === 0) [letter, values] = ['h', [values[0]!]];
    this.data += letter;
    values.forEach((value, i) => {
      const text = short(value);
      this.data += i === 0 || text.startsWith('-') ? text : ` ${text}`;
    });
    [this.x, this.y] = [endX, endY];
    if (command === 'M') [this.startX, this.startY] = [endX, endY];
  }
}
