import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose =
  'verify_email' | 'reset_password' | 'change_email' | 'undo_email_change' | 'parent_consent';

export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 48 * 60 * 60 * 1000,
  // The owner may read the notice late (a holiday): the undo link lasts a week.
  undo_email_change: 7 * 24 * 60 * 60 * 1000,
  // As long as the account may wait for its parent (auth/consent.ts CONSENT_WINDOW_DAYS).
  parent_consent: 14 * 24 * 60 * 60 * 1000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes for a link; only the hash is ever stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
