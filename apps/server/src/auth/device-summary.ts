import { authMessages } from '@bullpen/contract/messages';

/** The longest device summary kept (user_sessions.device). */
export const DEVICE_SUMMARY_MAX = 80;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Firefox on Windows": what a person needs to recognise their own session, and no more. The
 * full user agent (versions, build ids that help fingerprint a child's device) is never kept.
 * The sentence is the contract's, so the web app shows it in the reader's language.
 */
export function deviceSummary(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return authMessages.deviceOn(browser, system);
  return (browser ?? system ?? authMessages.unknownDevice).slice(0, DEVICE_SUMMARY_MAX);
}
