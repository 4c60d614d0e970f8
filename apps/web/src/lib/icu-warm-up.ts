import { INTL_LOCALES } from './intl-locale.ts';

/**
 * Chromium's first Intl number or date formatter in a page loads ICU's data, which takes the
 * main thread 25–75 ms on a 2-core machine (a long task on a school laptop, and 100–300 ms of
 * Lighthouse's blocking time on its emulated phone), whichever formatter comes first. ICU's
 * caches belong to the renderer process, not to a thread: after a worker has built one
 * formatter of each kind, the page's own first formatters take well under a millisecond
 * (decision 019). So the app starts such a worker before anything else, and it runs while the
 * page's code and data download. Where workers are missing or refused, nothing changes but the
 * time the first formatter takes.
 */
export function warmUpIcuSource(locales: readonly string[]): string {
  return [
    `for (const locale of ${JSON.stringify(locales)}) {`,
    "  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1.5);",
    "  new Intl.NumberFormat(locale, { style: 'percent' }).format(0.5);",
    '  new Intl.DateTimeFormat(locale, {',
    "    month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit',",
    '  }).format(0);',
    '}',
    'postMessage(true);',
    'close();',
  ].join('\n');
}

export function warmUpIcu(): void {
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined') return;
  const source = new Blob([warmUpIcuSource(Object.values(INTL_LOCALES))], {
    type: 'text/javascript',
  });
  const url = URL.createObjectURL(source);
  try {
    const worker = new Worker(url);
    const done = () => URL.revokeObjectURL(url);
    worker.addEventListener('message', done, { once: true });
    worker.addEventListener('error', done, { once: true });
  } catch {
    // A browser or a policy that refuses blob workers: the first formatter pays, as before.
    URL.revokeObjectURL(url);
  }
}
