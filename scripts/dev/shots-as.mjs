// Screenshots of pages as a signed-in user, at 360, 800 and 1280 px:
//   node scripts/dev/shots-as.mjs http://localhost:3000 ms.rivera bullpen-teacher-demo /home /my-classrooms
// Files go to /tmp/shot-<user>-<width>-<page>.png.
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium.ts';

const [base, username, password, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const context = await browser.newContext();
const first = await context.newPage();
await first.goto(`${base}/public/login`);
await first.getByLabel(/username or email/i).fill(username);
await first.getByLabel(/^password/i).fill(password);
await first.getByRole('button', { name: /log in/i }).click();
await first.waitForURL((url) => !url.pathname.startsWith('/public/login'));
await first.close();
for (const [width, height] of [
  [1280, 900],
  [800, 900],
  [360, 740],
]) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  for (const path of paths) {
    await page.goto(base + path);
    await page.waitForTimeout(1500);
    const name = path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'root';
    await page.screenshot({ path: `/tmp/shot-${username}-${width}-${name}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
