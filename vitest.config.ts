import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

const webRoot = new URL('./apps/web/', import.meta.url).pathname;

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: {
          conditions: ['browser', 'module', 'import', 'default'],
          alias: [
            { find: /^@\//, replacement: `${webRoot}src/` },
            // Its ES module build: the main one is CommonJS, which would require React itself.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            ...preactAliases(webRoot),
          ],
        },
        test: {
          name: 'web',
          root: webRoot,
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
          environment: 'happy-dom',
          // Every dependency through Vite, so its imports of React meet the aliases; browser
          // builds, as the bundle has them (emotion's Node build requires React itself), and
          // the CommonJS shims tiptap imports bundled with the aliases applied.
          server: { deps: { inline: true } },
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'use-sync-external-store/shim/index.js',
                  'use-sync-external-store/shim/with-selector.js',
                ],
              },
            },
          },
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
