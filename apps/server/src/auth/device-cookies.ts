import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { api } from '@bullpen/contract/routes';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account before carries a signed (account, nonce) pair, and its
 * sign-ins to that account are throttled by its own failures only, never by guesses from
 * elsewhere. One cookie holds the pairs of the last few accounts signed in on that browser
 * (a classroom computer is shared). It holds no name or address: an account id, a random
 * nonce and a signature, kept by the browser for DEVICE_COOKIE_MAX_AGE_SECONDS.
 */
export const DEVICE_COOKIE = 'bullpen_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts remembered per browser: a class sharing a few computers fits. */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 20;

const KEY_LABEL = 'bullpen device cookie v1';
const ENTRY = /^(\d{1,10})\.([0-9a-f]{32})\.([0-9a-f]{32})$/;

export type DeviceEntry = { userId: number; nonce: string };

/** The key device cookies are signed with, from the server's signing key. */
export function deviceCookieKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update(KEY_LABEL).digest();
}

export function newDeviceEntry(userId: number): DeviceEntry {
  return { userId, nonce: randomBytes(16).toString('hex') };
}

function signature(key: Buffer, entry: DeviceEntry): string {
  // 128 bits of the HMAC: forging one is as hard as guessing the nonce.
  return createHmac('sha256', key)
    .update(`${entry.userId}.${entry.nonce}`)
    .digest('hex')
    .slice(0, 32);
}

/** The valid entries of the request's device cookie; forged or malformed ones are dropped. */
export function readDeviceCookie(key: Buffer, cookieHeader: string | undefined): DeviceEntry[] {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`));
  if (!match?.[1]) return [];
  const entries: DeviceEntry[] = [];
  for (const text of match[1].split('~').slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)) {
    const parts = ENTRY.exec(text);
    if (!parts) continue;
    const entry = { userId: Number(parts[1]), nonce: parts[2]! };
    const expected = Buffer.from(signature(key, entry));
    const given = Buffer.from(parts[3]!);
    if (timingSafeEqual(expected, given)) entries.push(entry);
  }
  return entries;
}

/**
 * The Set-Cookie value after a sign-in: `signedIn` first (a new nonce each time), then the
 * other accounts of this browser. Only the login route receives it (Path), scripts never
 * (HttpOnly), other sites never send it (SameSite=Lax).
 */
export function deviceCookieHeader(
  key: Buffer,
  previous: DeviceEntry[],
  signedIn: DeviceEntry,
  options: { secure: boolean },
): string {
  const entries = [signedIn, ...previous.filter((entry) => entry.userId !== signedIn.userId)];
  const value = entries
    .slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)
    .map((entry) => `${entry.userId}.${entry.nonce}.${signature(key, entry)}`)
    .join('~');
  const attributes = [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${api.login.pattern}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}
