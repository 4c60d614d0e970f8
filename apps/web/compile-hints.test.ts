import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, chunksRunOnLoad, compileHints } from './compile-hints.ts';

function chunk(fileName: string, { isEntry = false, imports = [] as string[] } = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    code: `export const name = '${fileName}';`,
    isEntry,
    imports,
    map: { mappings: 'AAAA;AACA' },
  };
}

/** An entry with its shell and runtime, and a lazily loaded page with a kit it shares. */
function bundle() {
  return {
    'index.js': chunk('index.js', { isEntry: true, imports: ['shell.js'] }),
    'shell.js': chunk('shell.js', { imports: ['runtime.js'] }),
    'runtime.js': chunk('runtime.js'),
    'LoginPage.js': chunk('LoginPage.js', { imports: ['kit.js', 'shell.js'] }),
    'kit.js': chunk('kit.js'),
    'index.css': { type: 'asset' as const, fileName: 'index.css', source: 'body{}' },
  };
}

describe('compile hints', () => {
  it('choose the entry and what it imports statically, not the pages loaded later', () => {
    expect([...chunksRunOnLoad(bundle())].sort()).toEqual(['index.js', 'runtime.js', 'shell.js']);
  });

  it('put the hint on the first line of the chosen chunks and move their source maps down', () => {
    const output = {
      ...bundle(),
      // Rolldown puts a chunk's map in the bundle as a file of its own; then that is what is written.
      'runtime.js.map': {
        type: 'asset' as const,
        fileName: 'runtime.js.map',
        source: JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA' }),
      },
    };
    const hook = compileHints().generateBundle as {
      order: string;
      handler: (options: unknown, bundle: unknown) => void;
    };
    expect(hook.order).toBe('post');
    hook.handler.call({}, {}, output);
    expect(output['shell.js'].code).toBe(`${COMPILE_HINT}export const name = 'shell.js';`);
    expect(output['shell.js'].code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(output['shell.js'].map.mappings).toBe(';AAAA;AACA');
    expect(output['index.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(JSON.parse(output['runtime.js.map'].source)).toEqual({
      version: 3,
      sources: ['a.ts'],
      mappings: ';AAAA',
    });
    expect(output['runtime.js'].map.mappings).toBe('AAAA;AACA');
    expect(output['LoginPage.js'].code).toBe(`export const name = 'LoginPage.js';`);
    expect(output['kit.js'].map.mappings).toBe('AAAA;AACA');
  });
});
