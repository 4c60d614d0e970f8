/**
 * Who may try to sign in, and when: pure rules of the sign-in throttle (the counts themselves
 * are kept by queries.ts).
 */

/** The longest wait, however many failures: the owner is slowed down, never locked out. */
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;
/** A quiet hour after the last failure forgets the earlier ones. */
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;

export type LoginThrottleSettings = {
  /** Failures allowed before each further attempt must wait. */
  failuresBeforeDelay: number;
  /** The first wait; it doubles with each further failure, up to MAX_LOGIN_DELAY_SECONDS. */
  delaySeconds: number;
};

/** The throttle key: the account when the login names one, else the name typed. */
export function throttleKey(userId: number | undefined, login: string): string {
  return userId === undefined ? `login:${login.trim().toLowerCase()}` : `user:${userId}`;
}

/** The throttle key of one browser's device cookie (device-cookies.ts). */
export function deviceThrottleKey(nonce: string): string {
  return `device:${nonce}`;
}

export function delayAfter(failures: number, settings: LoginThrottleSettings): number {
  if (failures < settings.failuresBeforeDelay) return 0;
  const doublings = Math.min(failures - settings.failuresBeforeDelay, 20);
  return Math.min(settings.delaySeconds * 2 ** doublings, MAX_LOGIN_DELAY_SECONDS);
}
