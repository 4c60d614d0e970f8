import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The config is also run from the repository root (`vite -c apps/web/vite.config.ts`).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: [{ find: /^@\//, replacement: `${root}src/` }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/api-token-auth': { target: apiTarget },
      '/api-token-verify': { target: apiTarget },
      '/media': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget },
      '/api-token-auth': { target: apiTarget },
      '/api-token-verify': { target: apiTarget },
      '/media': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
