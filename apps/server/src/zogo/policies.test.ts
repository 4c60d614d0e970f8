import { describe, expect, it } from 'vitest';
import type { TokenClaims } from '../auth/jwt.ts';
import type { UserRow } from '../users/presenter.ts';
import { canCompleteWith } from './policies.ts';
import type { ZogoTokenClaims } from './token.ts';

const expiresAt = new Date('2026-12-31T00:00:00Z');
const actor = { id: 5, tokenVersion: 3 } as UserRow;
const session: TokenClaims = { userId: 5, tokenVersion: 3, tokenId: 'session-a', expiresAt };
const token: ZogoTokenClaims = { userId: 5, tokenVersion: 3, sessionId: 'session-a', expiresAt };

describe('learn-and-earn policies', () => {
  it('pays a module with the same user’s token, of this version, fetched by this session', () => {
    expect(canCompleteWith(actor, session, token)).toBe(true);
  });

  it('refuses a missing token or session, another user’s, an old one or another session’s', () => {
    expect(canCompleteWith(actor, session, null)).toBe(false);
    expect(canCompleteWith(actor, null, token)).toBe(false);
    expect(canCompleteWith(actor, session, { ...token, userId: 6 })).toBe(false);
    expect(canCompleteWith(actor, session, { ...token, tokenVersion: 2 })).toBe(false);
    expect(canCompleteWith(actor, session, { ...token, sessionId: 'session-b' })).toBe(false);
  });
});
