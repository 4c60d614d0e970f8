import { defineConfig } from 'vitest/config';

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
        resolve: { alias: [{ find: /^@\//, replacement: `${webRoot}src/` }] },
        test: {
          name: 'web',
          root: webRoot,
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
