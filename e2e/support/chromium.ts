/**
 * Debian's Chromium, never a downloaded browser (STACK.md), and the flags every run of it takes:
 * the end-to-end tests (playwright.config.ts), the Lighthouse benchmark (bench/lighthouse.ts) and
 * the screenshots of scripts/dev/shots.mjs.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
