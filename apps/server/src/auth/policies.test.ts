import { describe, expect, it } from 'vitest';
import {
  delayAfter,
  deviceThrottleKey,
  FAILURE_MEMORY_MS,
  MAX_LOGIN_DELAY_SECONDS,
  throttleKey,
} from './policies.ts';

const settings = { failuresBeforeDelay: 5, delaySeconds: 2 };

describe('the sign-in throttle', () => {
  it('keys an account by its id, and a name typed by its trimmed lower case', () => {
    expect(throttleKey(42, ' Ana ')).toBe('user:42');
    expect(throttleKey(undefined, ' Ana.Lee ')).toBe('login:ana.lee');
    expect(deviceThrottleKey('n0nce')).toBe('device:n0nce');
  });

  it('waits for nothing until the allowed failures are used up', () => {
    expect(delayAfter(0, settings)).toBe(0);
    expect(delayAfter(4, settings)).toBe(0);
  });

  it('then waits, doubling with each further failure', () => {
    expect(delayAfter(5, settings)).toBe(2);
    expect(delayAfter(6, settings)).toBe(4);
    expect(delayAfter(9, settings)).toBe(32);
  });

  it('never waits longer than the longest delay, however many failures', () => {
    expect(delayAfter(13, settings)).toBe(2 * 2 ** 8);
    expect(delayAfter(14, settings)).toBe(MAX_LOGIN_DELAY_SECONDS);
    expect(delayAfter(1_000_000, settings)).toBe(MAX_LOGIN_DELAY_SECONDS);
    // Past 20 doublings the wait stops growing, below the cap when the first wait is small.
    expect(delayAfter(1_000, { failuresBeforeDelay: 0, delaySeconds: 0.0001 })).toBe(
      0.0001 * 2 ** 20,
    );
  });

  it('forgets failures after a quiet hour, and waits at most a quarter of an hour', () => {
    expect(FAILURE_MEMORY_MS).toBe(3_600_000);
    expect(MAX_LOGIN_DELAY_SECONDS).toBe(900);
  });
});
