import type { UserRow } from '../users/presenter.ts';
import type { TokenClaims } from './jwt.ts';

export type Session = { user: UserRow; claims: TokenClaims };

declare module '../platform/deps.ts' {
  /** `deps.sessions` is this cache (app.ts makes it); auth reads and fills it. */
  interface Sessions {
    readonly generation: number;
    readonly size: number;
    lookup(token: string): Session | undefined;
    remember(token: string, session: Session, readUnder: number): void;
    suspend(): void;
    resume(): void;
    clear(): void;
  }
}

type Entry = { session: Session; storedAt: number };

/** The channel the 0014 migration's triggers NOTIFY with a user id. */
export const SESSION_CHANGES_CHANNEL = 'bullpen_sessions';

export const sessionCacheLimits = {
  maxEntries: 10_000,
  /** A safety net only: any change to the user or a logout drops the entry at once. */
  ttlMs: 30_000,
};

/**
 * The sessions this process has checked, by token, so an authenticated request costs no query
 * and no signature check. Correct only while told of every change: the database NOTIFYs each
 * change to a user's row and each logout (migration 0014), and `dropUser` drops that user's
 * entries. While the LISTEN connection is down the cache is off (every request reads the
 * database, as without it) and it starts empty when the connection is back.
 *
 * A read that began before a change must not store what it read after the change was heard:
 * each change bumps `generation`, and `remember` refuses a read begun under an older one.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByUser = new Map<number, Set<string>>();
  private generationCount = 0;
  private on = true;

  constructor(
    private readonly limits = sessionCacheLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Taken before reading the database; handed back to `remember`. */
  get generation(): number {
    return this.generationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  lookup(token: string): Session | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = this.clock();
    if (
      now - entry.storedAt >= this.limits.ttlMs ||
      now >= entry.session.claims.expiresAt.getTime()
    ) {
      this.forget(token, entry.session.user.id);
      return undefined;
    }
    return entry.session;
  }

  remember(token: string, session: Session, readUnder: number): void {
    if (!this.on || readUnder !== this.generationCount) return;
    if (this.entries.size >= this.limits.maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.entries.entries().next().value;
      if (oldest) this.forget(oldest[0], oldest[1].session.user.id);
    }
    // Shared by every request that hits the entry: nobody may change it.
    Object.freeze(session.user);
    Object.freeze(session.claims);
    this.entries.set(token, { session: Object.freeze(session), storedAt: this.clock() });
    let tokens = this.tokensByUser.get(session.user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensByUser.set(session.user.id, tokens);
    }
    tokens.add(token);
  }

  /** The user's row changed, or one of their sessions ended: every entry of theirs goes. */
  dropUser(userId: number): void {
    this.generationCount += 1;
    const tokens = this.tokensByUser.get(userId);
    if (!tokens) return;
    this.tokensByUser.delete(userId);
    for (const token of tokens) this.entries.delete(token);
  }

  /** Changes may go unheard (the LISTEN connection dropped): keep nothing until `resume`. */
  suspend(): void {
    this.on = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.on = true;
  }

  clear(): void {
    this.generationCount += 1;
    this.entries.clear();
    this.tokensByUser.clear();
  }

  private forget(token: string, userId: number): void {
    this.entries.delete(token);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
