import { describe, expect, it } from 'vitest';
import { logoSvg, textOutline } from './logo.ts';

/** Every point of path data with M, m, h, v, l, q and z (what textOutline writes), made absolute. */
function pointsOf(data: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  for (const [, command, args] of data.matchAll(/([MmhvlqzZ])([^MmhvlqzZ]*)/g)) {
    const values = (args!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    if (command === 'z' || command === 'Z') {
      [x, y] = [startX, startY];
      continue;
    }
    if (command === 'M') [x, y] = [values[0]!, values[1]!];
    else if (command === 'h') x += values[0]!;
    else if (command === 'v') y += values[0]!;
    else {
      const pairs = values.length / 2;
      for (let i = 0; i < pairs - 1; i++) points.push([x + values[2 * i]!, y + values[2 * i + 1]!]);
      [x, y] = [x + values[2 * pairs - 2]!, y + values[2 * pairs - 1]!];
    }
    points.push([x, y]);
    if (command === 'M' || command === 'm') [startX, startY] = [x, y];
  }
  return points;
}

function box(points: [number, number][]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}

describe('logo initials as outlines', () => {
  it('centres the initials in the 64 × 64 logo at the size asked for', () => {
    const { left, right, top, bottom } = box(pointsOf(textOutline('KO', 26)));
    expect((left + right) / 2).toBeCloseTo(32, 0);
    expect((top + bottom) / 2).toBeCloseTo(32, 0);
    // Roboto Bold's capitals are 0.71 em high: 26 px type draws letters about 18.5 px high.
    expect(bottom - top).toBeGreaterThan(17.5);
    expect(bottom - top).toBeLessThan(19.5);
  });

  it('narrows long initials to fit, keeping them centred', () => {
    const { left, right, top, bottom } = box(pointsOf(textOutline('WWWW', 16)));
    expect(left).toBeGreaterThanOrEqual(5.5);
    expect(right).toBeLessThanOrEqual(58.5);
    expect((left + right) / 2).toBeCloseTo(32, 0);
    expect((top + bottom) / 2).toBeCloseTo(32, 0);
  });

  it('draws the letters in the order of the text, each as closed outlines', () => {
    const data = textOutline('IT', 26);
    // Roboto's I is one contour; its T, a stem and a bar.
    expect(data.match(/z/g)).toHaveLength(3);
    const points = pointsOf(data);
    const letterI = box(points.slice(0, 4));
    const letterT = box(points.slice(4));
    expect(letterI.right).toBeLessThan(letterT.left);
    expect(letterI.bottom).toBeCloseTo(letterT.bottom, 1);
  });

  it('is an SVG with the ticker as its label and no text for the browser to lay out', () => {
    const svg = logoSvg('BRK.B', '#1565c0');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64" role="img" aria-label="BRK.B">/);
    expect(svg).toContain('<rect width="64" height="64" rx="14" fill="#1565c0"/>');
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/<path d="M[\d.]+ [\d.]+[^"]+z" fill="#fff"\/><\/svg>$/);
    expect(logoSvg('A<&>"', '#000')).toContain('aria-label="A&lt;&amp;&gt;&quot;"');
  });
});
