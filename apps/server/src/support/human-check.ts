import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../platform/config.ts';

/**
 * The human check of the contact forms (docs/architecture.md section 6): ALTCHA, a self-hosted proof
 * of work. The server hands out challenges signed with secrets derived from its signing key
 * (so every process agrees and nothing new needs configuring); the browser finds the secret
 * counter; the solution travels back in `g_recaptcha_token`. Deterministic mode: the server
 * knows the counter and signs the derived key, so checking a solution costs one derivation.
 * That a solution is used once is the caller's business (the support domain's table).
 */

export const HUMAN_CHECK_ALGORITHM = 'PBKDF2/SHA-256';

export type HumanCheckKeys = { challengeSecret: string; keySecret: string };

export type HumanCheckSettings = Config['humanCheck'];

/** Two secrets of their own, so a session token's key is never used for anything else. */
export function humanCheckKeys(signingKey: Uint8Array): HumanCheckKeys {
  const derive = (purpose: string) =>
    createHmac('sha256', signingKey).update(`bullpen:altcha:${purpose}`).digest('hex');
  return { challengeSecret: derive('challenge'), keySecret: derive('key') };
}

export async function issueChallenge(
  keys: HumanCheckKeys,
  settings: HumanCheckSettings,
  now: Date = new Date(),
): Promise<Challenge> {
  return createChallenge({
    algorithm: HUMAN_CHECK_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.counterMax, Math.max(1, Math.floor(settings.counterMax / 3))),
    deriveKey,
    expiresAt: new Date(now.getTime() + settings.expirySeconds * 1000),
    hmacSignatureSecret: keys.challengeSecret,
    hmacKeySignatureSecret: keys.keySecret,
  });
}

/** A solved, genuine, unexpired challenge: its id (the signed nonce) and when it expires. */
export type SolvedCheck = { challengeId: string; expiresAt: Date };

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } };

function decodePayload(token: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (!challenge?.parameters || typeof challenge.parameters !== 'object') return null;
    if (typeof challenge.parameters.nonce !== 'string') return null;
    if (!solution || typeof solution !== 'object') return null;
    if (!Number.isInteger(solution.counter) || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * The check behind a payload, or null when it is malformed, forged (a signature that is not
 * ours, parameters changed), wrongly solved, expired, or of another algorithm or cost.
 */
export async function verifyHumanCheck(
  keys: HumanCheckKeys,
  token: string,
): Promise<SolvedCheck | null> {
  const payload = decodePayload(token);
  if (!payload) return null;
  const { parameters } = payload.challenge;
  // Ours are always PBKDF2 with an expiry: anything else was not issued here.
  if (parameters.algorithm !== HUMAN_CHECK_ALGORITHM || typeof parameters.expiresAt !== 'number') {
    return null;
  }
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: keys.challengeSecret,
      hmacKeySignatureSecret: keys.keySecret,
    });
    if (!result.verified) return null;
  } catch {
    // The library throws on parameters it cannot use (a bad cost, a counter out of range).
    return null;
  }
  return { challengeId: parameters.nonce, expiresAt: new Date(parameters.expiresAt * 1000) };
}
