import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { boardSize, keyOrder, linesAt, onBoardOf } from './board-queries.ts';
import { contestBoard, contestInvitations, contestUsers, contests } from '../db/schema/contests.ts';

/**
 * The contests domain's reads and writes that other code calls: its own service, and the
 * trading domain, which keeps a member's account line (cash, reservations, value) through the
 * functions marked "for trading" below and never touches these tables itself.
 */

export type ContestRow = typeof contests.$inferSelect;
export type ContestUserRow = typeof contestUsers.$inferSelect;
export type InvitationRow = typeof contestInvitations.$inferSelect;

/** The advisory-lock class of board changes (migration 0015's triggers), keyed by contest id. */
const BOARD_LOCK_CLASS = 1406;

export async function findContest(db: Executor, id: number): Promise<ContestRow | undefined> {
  const [row] = await db.select().from(contests).where(eq(contests.id, id));
  return row;
}

/** Each contest's visibility, for the real-time channels' announcements. */
export async function contestVisibilities(db: Executor, ids: number[]) {
  return db
    .select({ id: contests.id, visibility: contests.visibility })
    .from(contests)
    .where(inArray(contests.id, ids));
}

/** For trading: a member's line, locked for the caller's transaction (the ledger's lock). */
export async function lockMember(tx: Executor, id: number): Promise<ContestUserRow | undefined> {
  const [row] = await tx.select().from(contestUsers).where(eq(contestUsers.id, id)).for('update');
  return row;
}

/**
 * For trading: a member's line locked for the caller's transaction (the ledger's lock) and its
 * contest, in one statement; `extra` is a column the caller adds to the same round trip.
 */
export async function lockMemberWithContest<Extra>(
  tx: Executor,
  id: number,
  extra: SQL<Extra>,
): Promise<{ member: ContestUserRow; contest: ContestRow; extra: Extra } | undefined> {
  const [row] = await memberWithContestQuery(tx, id, extra).for('update', { of: contestUsers });
  return row;
}

/**
 * The statement under `lockMemberWithContest`, without the lock: for a fill worked out before
 * it takes the lock (it checks, under the lock, that the line is still as read, and the
 * contest's row still at `contestVersion`, its xmin). `id` may be a placeholder, for a caller
 * that prepares the statement once.
 */
export function memberWithContestQuery<Extra>(
  db: Executor,
  id: number | Placeholder,
  extra: SQL<Extra>,
) {
  return db
    .select({
      member: contestUsers,
      contest: contests,
      contestVersion: sql<string>`${contests}.xmin::text`,
      extra,
    })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(eq(contestUsers.id, id));
}

/** A member's account line as a fill or a corporate action leaves it. */
export type MemberAccount = {
  cashCents: number;
  realizedPnlCents: number;
  commissionsCents: number;
  reservedCashCents: number;
  /** The portfolio's value at current prices. */
  valueCents: number;
};

/** For trading: the account after a fill, and the portfolio's value at current prices. */
export async function writeMemberAccount(
  tx: Executor,
  id: number,
  account: MemberAccount,
): Promise<void> {
  await tx.update(contestUsers).set(account).where(eq(contestUsers.id, id));
}

/**
 * `writeMemberAccount` as a common table expression, for a caller that writes the rest of a
 * fill in the same statement (one round trip). The statement's triggers, the board's among
 * them, run at its end, so the board's lock is still taken last.
 */
export function memberAccountWrite(tx: Executor, id: number, account: MemberAccount) {
  return tx
    .$with('member_account_write')
    .as(tx.update(contestUsers).set(account).where(eq(contestUsers.id, id)));
}

/**
 * For trading: the current members' lines of a contest (or the one member `memberId`), locked
 * for the caller's transaction in id order, the order every caller that locks several takes.
 */
export async function lockMembersOf(
  tx: Executor,
  contestId: number,
  memberId?: number,
): Promise<ContestUserRow[]> {
  return tx
    .select()
    .from(contestUsers)
    .where(
      and(
        eq(contestUsers.contestId, contestId),
        isNull(contestUsers.leftAt),
        memberId === undefined ? undefined : eq(contestUsers.id, memberId),
      ),
    )
    .orderBy(asc(contestUsers.id))
    .for('update');
}

/**
 * For trading: locked members' lines back at the starting cash, nothing set aside, no realised
 * P&L or commission, in one statement (the board's triggers move them, as a fill's write does).
 */
export async function resetMemberAccounts(
  tx: Executor,
  ids: number[],
  startingCashCents: number,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(contestUsers)
    .set({
      cashCents: startingCashCents,
      valueCents: startingCashCents,
      realizedPnlCents: 0,
      commissionsCents: 0,
      reservedCashCents: 0,
    })
    .where(inArray(contestUsers.id, ids));
}

/** For trading: the member lines of one user, in every contest (for erasing the account). */
export async function memberLineIdsOfUser(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: contestUsers.id })
    .from(contestUsers)
    .where(eq(contestUsers.userId, userId));
  return rows.map((row) => row.id);
}

/** Each member line's user, for presenters that name the student. */
export async function memberUserIds(
  db: Executor,
  contestUserIds: number[],
): Promise<Map<number, number>> {
  if (contestUserIds.length === 0) return new Map();
  const rows = await db
    .select({ id: contestUsers.id, userId: contestUsers.userId })
    .from(contestUsers)
    .where(inArray(contestUsers.id, contestUserIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

/** For trading: sets cash aside for a pending buy (positive) or gives it back (negative). */
export async function shiftReservedCash(tx: Executor, id: number, cents: number): Promise<void> {
  await tx
    .update(contestUsers)
    .set({ reservedCashCents: sql`${contestUsers.reservedCashCents} + ${cents}` })
    .where(eq(contestUsers.id, id));
}

/**
 * How long after its end the trading job still re-prices a contest; its values, and so its
 * board, are final after that.
 */
export const REPRICED_AFTER_END_MS = 86_400_000;

/** Contests that started before `now` and ended at most a day ago: the ones to re-price. */
export async function activeContestIds(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        lt(contests.startsAt, now),
        gt(contests.endsAt, new Date(now.getTime() - REPRICED_AFTER_END_MS)),
      ),
    );
  return rows.map(({ id }) => id);
}

/**
 * Contests whose values are final (ended and no longer re-priced) and whose places are not
 * paid yet, oldest end first: a range of the partial index of unpaid contests. The standing
 * challenge is renewed rather than ended, so it never pays places.
 */
export async function contestsWithPlacesToPay(
  db: Executor,
  now: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: contests.id })
    .from(contests)
    .where(
      and(
        isNull(contests.placesPaidAt),
        lte(contests.endsAt, new Date(now.getTime() - REPRICED_AFTER_END_MS)),
        eq(contests.isChallenge, false),
      ),
    )
    .orderBy(asc(contests.endsAt), asc(contests.id))
    .limit(limit);
  return rows.map(({ id }) => id);
}

/**
 * Marks the contest's places paid, locking its row for the caller's transaction; the contest,
 * or undefined when another transaction (another server process) marked it first.
 */
export async function claimContestPlaces(
  tx: Executor,
  contestId: number,
  now: Date,
): Promise<ContestRow | undefined> {
  const [row] = await tx
    .update(contests)
    .set({ placesPaidAt: now })
    .where(and(eq(contests.id, contestId), isNull(contests.placesPaidAt)))
    .returning();
  return row;
}

/**
 * The first `places` lines of a contest's board, in its order (value descending, then member
 * id), and how many players it has. Waits for a board change of the contest in progress
 * (the board's lock, docs/decisions/014), so it reads the board as it is once that commits.
 */
export async function topOfBoard(
  tx: Executor,
  contestId: number,
  places: number,
): Promise<{ lines: { userId: number; position: number }[]; players: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOARD_LOCK_CLASS}, ${contestId})`);
  const size = await boardSize(tx, contestId);
  const lines = await linesAt(size, 0, places, (range) =>
    tx
      .select({
        userId: contestBoard.userId,
        position: contestBoard.position,
        rank: contestBoard.rank,
      })
      .from(contestBoard)
      .where(and(onBoardOf(contestId), range))
      .orderBy(keyOrder),
  );
  return {
    lines: lines.map(({ userId, position }) => ({ userId, position })),
    players: size.lines,
  };
}

/** For trading: the member ids of a contest, as a subquery (`in (...)`). */
export function memberIdsOf(db: Executor, contestId: number) {
  return db
    .select({ id: contestUsers.id })
    .from(contestUsers)
    .where(eq(contestUsers.contestId, contestId));
}

/**
 * For trading: sets every member's value to cash plus what they hold, in one statement.
 * `held.join` joins the holdings to `member` (the contest's member rows) and `held.sum` adds
 * them up; only lines whose value moved are written, so a big contest's idle members cost no
 * write.
 */
export async function revalueMembers(
  db: Executor,
  contestId: number,
  held: { join: SQL; sum: SQL },
): Promise<void> {
  await db.execute(sql`
      update ${contestUsers} as cu
      set value_cents = cu.cash_cents + coalesce(held.value, 0)
      from (
        select member.id, ${held.sum}::bigint as value
        from ${contestUsers} as member
        ${held.join}
        where member.contest_id = ${contestId}
        group by member.id
      ) as held
      where cu.id = held.id
        and cu.value_cents is distinct from cu.cash_cents + coalesce(held.value, 0)
    `);
}

/** For trading's value snapshot: `(member id, value, at)` of every member, as a select. */
export function memberValueLines(contestId: number, at: Date): SQL {
  return sql`select id, value_cents, ${at} from ${contestUsers} where contest_id = ${contestId}`;
}

/** Gives an address a new invitation link (voiding its old one), or invites it for the first time. */
export async function putInvitation(
  tx: Executor,
  invitation: { contestId: number; email: string; invitedBy: number; tokenHash: string; at: Date },
): Promise<void> {
  const { contestId, email, invitedBy, tokenHash, at } = invitation;
  const [updated] = await tx
    .update(contestInvitations)
    .set({ tokenHash, invitedBy, createdAt: at })
    .where(
      and(
        eq(contestInvitations.contestId, contestId),
        sql`lower(${contestInvitations.email}) = lower(${email})`,
      ),
    )
    .returning({ id: contestInvitations.id });
  if (!updated) {
    await tx
      .insert(contestInvitations)
      .values({ contestId, email, invitedBy, tokenHash, createdAt: at });
  }
}

/** The unused invitation whose link token hashes to `tokenHash`. */
export async function findUnusedInvitation(
  db: Executor,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(contestInvitations)
    .where(and(eq(contestInvitations.tokenHash, tokenHash), isNull(contestInvitations.acceptedAt)));
  return row;
}

/** The invitation of an address to a contest, used or not. */
export async function findAddressInvitation(db: Executor, contestId: number, email: string) {
  const [row] = await db
    .select({ id: contestInvitations.id })
    .from(contestInvitations)
    .where(
      and(
        eq(contestInvitations.contestId, contestId),
        sql`lower(${contestInvitations.email}) = lower(${email})`,
      ),
    );
  return row;
}

/** Marks an invitation used; false when it already was (a link is single-use). */
export async function acceptInvitation(
  db: Executor,
  id: number,
  userId: number,
  at: Date,
): Promise<boolean> {
  const accepted = await db
    .update(contestInvitations)
    .set({ acceptedAt: at, acceptedBy: userId })
    .where(and(eq(contestInvitations.id, id), isNull(contestInvitations.acceptedAt)))
    .returning({ id: contestInvitations.id });
  return accepted.length > 0;
}

/**
 * For trading's corporate actions: each member's contest window (`starts_at`, `ends_at`), so a
 * dividend or split applies only to the contests that were running when it happened.
 */
export async function contestWindowsOfMembers(
  db: Executor,
  memberIds: number[],
): Promise<Map<number, { contestId: number; startsAt: Date; endsAt: Date }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: contestUsers.id,
      contestId: contests.id,
      startsAt: contests.startsAt,
      endsAt: contests.endsAt,
    })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(inArray(contestUsers.id, memberIds));
  return new Map(rows.map(({ id, ...window }) => [id, window]));
}

/** Part of erasing an account (users/deletion.ts purgeUser). */
/**
 * The account leaves every contest: its line drops off the boards (the board trigger) while
 * its cash, positions and orders stay, so a contest's books still add up. Its words about
 * itself go, and so do invitations sent to its address.
 */
export async function forgetContestsOf(
  db: Executor,
  userId: number,
  email: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(contestUsers)
    .set({
      description: '',
      leftAt: sql`coalesce(${contestUsers.leftAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(contestUsers.userId, userId));
  if (email) {
    await db
      .delete(contestInvitations)
      .where(sql`lower(${contestInvitations.email}) = lower(${email})`);
  }
}

/** The user's portfolios (one per contest joined), for "download my data". */
export async function exportPortfoliosOf(db: Executor, userId: number) {
  return db
    .select({
      id: contestUsers.id,
      contest_id: contests.id,
      contest_name: contests.name,
      cash_cents: contestUsers.cashCents,
      value_cents: contestUsers.valueCents,
      realized_pnl_cents: contestUsers.realizedPnlCents,
      joined_at: contestUsers.joinedAt,
      left_at: contestUsers.leftAt,
    })
    .from(contestUsers)
    .innerJoin(contests, eq(contests.id, contestUsers.contestId))
    .where(eq(contestUsers.userId, userId))
    .orderBy(contestUsers.id);
}
