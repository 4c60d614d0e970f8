import { describe, expect, it } from 'vitest';
import { DEVICE_SUMMARY_MAX, deviceSummary } from './device-summary.ts';

describe('deviceSummary', () => {
  it('names the browser and system only, never versions', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
        'Safari on iPhone',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
        'Firefox on Linux',
      ],
      [
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on ChromeOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
        'Samsung Internet on Android',
      ],
    ];
    for (const [agent, summary] of cases) expect(deviceSummary(agent)).toBe(summary);
  });

  it('keeps nothing of an unknown or hostile user agent', () => {
    expect(deviceSummary(undefined)).toBe('Unknown device');
    expect(deviceSummary('curl/8.5.0')).toBe('Unknown device');
    expect(deviceSummary(`evil ${'x'.repeat(5000)} <script>`)).toBe('Unknown device');
    expect(deviceSummary(`Windows ${'y'.repeat(500)}`).length).toBeLessThanOrEqual(
      DEVICE_SUMMARY_MAX,
    );
  });
});
