// Screenshots of pages at a desktop and a phone width, to look at what we build:
//   node scripts/dev/shots.mjs http://localhost:3000 /public/home /public/login
// Files go to /tmp/shot-<width>-<page>.png.
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium.ts';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
for (const [width, height] of [
  [1280, 900],
  [360, 740],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  for (const path of paths.length ? paths : ['/public/home']) {
    await page.goto(base + path);
    await page.waitForTimeout(800);
    const name = path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'root';
    await page.screenshot({ path: `/tmp/shot-${width}-${name}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
