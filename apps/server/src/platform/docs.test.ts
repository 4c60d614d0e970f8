import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './paths.ts';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

const markdownFiles = [
  'README.md',
  'CONTRIBUTING.md',
  ...fs.readdirSync(path.join(repoRoot, 'docs')).flatMap((name) => {
    if (name.endsWith('.md')) return [`docs/${name}`];
    return [];
  }),
  ...fs
    .readdirSync(path.join(repoRoot, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`),
];

/** The README and docs/ stay a map a newcomer can follow (CONTRIBUTING.md). */
describe('documentation', () => {
  test('the README fits a school IT person’s reading: at most 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });

  test('every decision record says whether it stands', () => {
    const records = fs
      .readdirSync(path.join(repoRoot, 'docs/decisions'))
      .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'));
    expect(records.length).toBeGreaterThan(30);
    const missing = records.filter((name) => {
      const head = read(`docs/decisions/${name}`).split('\n').slice(0, 6);
      return !head.some((line) => /^Status: (accepted|proposed|superseded by)/.test(line));
    });
    expect(missing).toEqual([]);
  });

  test('every relative link in the README and docs/ points at a file of the repository', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:|#)/.test(target)) continue;
        const local = target.split('#')[0]!;
        if (!fs.existsSync(path.join(repoRoot, path.dirname(file), local))) {
          broken.push(`${file} → ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  test('the README’s configuration table names every variable the server reads', () => {
    const readme = read('README.md');
    const source = read('apps/server/src/platform/config.ts');
    const variables = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]);
    expect(variables.length).toBeGreaterThan(20);
    const missing = [...new Set(variables)].filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
