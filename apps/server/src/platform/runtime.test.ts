import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './paths.ts';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The project runs on one Node release; these fail when a path drifts back to another. */
describe('runtime', () => {
  const wanted = read('.nvmrc').trim();
  const manifest = JSON.parse(read('package.json')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };

  test('the tests run on the Node version of .nvmrc', () => {
    expect(process.versions.node).toBe(wanted);
  });

  test('package.json installs and requires that same Node, and the README says so', () => {
    expect(manifest.devDependencies.node).toBe(wanted);
    expect(manifest.engines.node).toBe(`^${wanted}`);
    expect(read('README.md')).toContain(`Node ${wanted}`);
  });
});
