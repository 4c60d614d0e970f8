import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './compile-hints.ts';
import { firstLoad } from './first-load.ts';
import { precompress } from './precompress.ts';

// The config is also run from the repository root (`vite -c apps/web/vite.config.ts`).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), compileHints(), firstLoad(), precompress()],
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}src/` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads (bench/web-assets.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod in a chunk of its own: left to itself, the bundler merges it with small shared
          // modules the entry needs (contract constants), and every first load pays for it.
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Everything the entry imports statically is loaded by every first load anyway: one
            // chunk instead of some sixty, each a request the browser queues on a slow network.
            // (index.html's module and main.tsx stay the entry chunk, which the manifest names.)
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !/(index\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
            },
            // `classNames`, which the static components (ActionButton, StatusChip, TabBar) share
            // with InputField: in a chunk of its own, or the group below takes it in with
            // InputField's other imports, and every page with a static button loaded and ran
            // MUI's text box to join two class names (issue #13).
            { name: 'class-names', test: /[\\/]src[\\/]components[\\/]class-names\.ts$/ },
            // MUI's common core, which every page but the home page runs: its styled() and theme
            // hooks, Typography, Box, Paper, the buttons and their ripple, the icon, spinner and
            // alert. Before the groups below, which would otherwise take these in as their
            // modules' imports: the text box took the styled() core, so the lesson, course and
            // contest pages loaded MUI's input to draw a heading; the contest kit took the
            // buttons and alert, so login and support loaded the contest kit for a button
            // (docs/performance.md: 7–11 KiB less on four pages, 2–3 KiB on two).
            {
              name: 'mui-controls',
              test: /[\\/]@mui[\\/]material[\\/](ButtonBase|Button|IconButton|SvgIcon|CircularProgress|Alert|Paper|Box|Typography|styles|zero-styled|DefaultPropsProvider|GlobalStyles)[\\/]|[\\/]@mui[\\/]system[\\/](createStyled|memoTheme|preprocessStyles|useThemeProps)[\\/.]/,
            },
            // A text box's parts (MUI's input, label, form control, helper text, adornment and
            // InputField) load together on every page with a form: one request instead of eight,
            // and one compressed file instead of eight small ones (issue #13: 2–3 KiB less on
            // the contest and place-order pages).
            {
              name: 'text-field',
              test: /[\\/]@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormControl|FormLabel|FormHelperText|InputAdornment|TextareaAutosize)[\\/]|[\\/]src[\\/]components[\\/]form[\\/]InputField\.tsx$/,
            },
            // The small modules that the contest and trading pages all use (the contest's paths and
            // status formats, trading's messages, live prices, the line on where prices come from,
            // a signed amount's colour) and what they import (money and number formats): one chunk
            // instead of twelve (issue #13: 2–3 KiB less on the contest and place-order pages).
            // TextLink is not among them: login and many more pages use it, and took the whole
            // kit with it.
            {
              name: 'contest-kit',
              test: /[\\/]src[\\/]features[\\/]contests[\\/](format\.ts|trading-pause\.ts|api[\\/]paths\.ts|components[\\/](SignedAmount|PageState)\.tsx)$|[\\/]contract[\\/]src[\\/](trading-messages|contest-messages)\.ts$|[\\/]src[\\/]lib[\\/](live-prices|market-status)\.ts$|[\\/]src[\\/]components[\\/](signed-class\.ts|MarketSourceLine\.tsx)$/,
            },
          ],
        },
      },
    },
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
