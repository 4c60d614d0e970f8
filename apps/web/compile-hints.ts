import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): the functions
 * of a file that starts with it are compiled while the file streams in, on a background thread,
 * instead of one by one on the main thread the first time each is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The parts of a bundle's chunk this plugin reads and changes (Rollup's and Rolldown's). */
type Chunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  map?: { mappings: string } | null;
};
type Asset = { type: 'asset'; fileName: string; source: string | Uint8Array };
type Bundle = Record<string, Chunk | Asset>;
/** What {@link chunksRunOnLoad} reads of a chunk: how it links to others. */
type LinkedChunk = Pick<Chunk, 'type' | 'fileName' | 'isEntry' | 'imports'>;

/** A version 3 source map one line further down: a `;` starts each generated line. */
function movedDown(map: string): string {
  const parsed = JSON.parse(map) as { mappings: string };
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}

/**
 * The chunks every page runs as it loads: the entry and everything it imports statically (the
 * shell). A page's own chunks are left to V8's lazy compilation: hinting them too took the main
 * thread's compiling of them away but did not shorten its busy time or raise Lighthouse's score
 * (decision 022), and V8 asks for the hint only where nearly every function runs.
 */
export function chunksRunOnLoad(
  bundle: Record<string, LinkedChunk | { type: 'asset' }>,
): Set<string> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is LinkedChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const chosen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || chosen.has(fileName)) return;
    chosen.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return chosen;
}

/**
 * Puts the compile hint at the top of the chunks every page runs as it loads (decision 022). It
 * runs after minification, so nothing strips the comment; a source map, when the build writes
 * one, moves down the one line added.
 */
export function compileHints(): Plugin {
  return {
    name: 'bullpen:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own rewriting of the chunks, which puts its preload list on their first line.
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as Bundle;
        for (const fileName of chunksRunOnLoad(bundle)) {
          const chunk = bundle[fileName] as Chunk;
          chunk.code = COMPILE_HINT + chunk.code;
          // The written map is the bundle's `.map` file where the bundler has put one there.
          const mapFile = bundle[`${fileName}.map`];
          if (mapFile?.type === 'asset') {
            mapFile.source = movedDown(Buffer.from(mapFile.source).toString('utf8'));
          } else if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
