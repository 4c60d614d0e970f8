import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { contestBoard, contestRiskLines } from '../db/schema/contests.ts';
import { boardSize } from './board-queries.ts';
import type { ContestRow } from './status.ts';
import { publicUsers } from '../users/queries.ts';

/**
 * The risk-adjusted board's figures (`contest_risk_lines`, docs/decisions/050-risk-adjusted-board.md):
 * carried forward once per close by the close snapshot, and read a page at a time.
 */

/**
 * Adds the close to every portfolio of the contest in one statement: the day's return (its
 * stored value over the last close's, the first over the starting cash) into Welford's running
 * mean and sum of squared deviations, the peak, the largest fall from it (whole basis points,
 * rounded down) and the Sharpe ratio — the sums of `riskLineAfterClose` in trading/stats.ts,
 * which trading/risk-board.test.ts holds equal. Called by the close snapshot
 * (trading/valuation-service.ts). A line already at `day` is left alone, so running the same
 * close twice changes nothing.
 */
export async function recordRiskLines(db: Executor, contestId: number, day: number): Promise<void> {
  await db.execute(sql`
    insert into contest_risk_lines as line (contest_user_id, contest_id, trading_days,
      mean_return, m2, last_close_cents, peak_cents, max_drawdown_bps, sharpe, last_close_day)
    select member.id, member.contest_id, step.days, step.mean, step.m2, member.value_cents,
      base.peak,
      greatest(base.worst, case when base.peak > 0
        then ((base.peak - member.value_cents) * 10000 / base.peak)::integer else 0 end),
      case when step.days >= 2 and step.m2 > 0
        then step.mean / sqrt(step.m2 / (step.days - 1)) * sqrt(252::float8) end,
      ${day}
    from contest_users member
    join contests contest on contest.id = member.contest_id
    left join contest_risk_lines old on old.contest_user_id = member.id
    cross join lateral (select
      coalesce(old.last_close_cents, contest.starting_cash_cents) as previous,
      coalesce(old.trading_days, 0) as days,
      coalesce(old.mean_return, 0::float8) as mean,
      coalesce(old.m2, 0::float8) as m2,
      coalesce(old.max_drawdown_bps, 0) as worst,
      greatest(coalesce(old.peak_cents, contest.starting_cash_cents), member.value_cents) as peak
    ) as base
    cross join lateral (select case when base.previous > 0
      then member.value_cents::float8 / base.previous::float8 - 1 end as value) as daily
    cross join lateral (select
      base.days + case when daily.value is null then 0 else 1 end as days,
      case when daily.value is null then base.mean
        else base.mean + (daily.value - base.mean) / (base.days + 1) end as mean) as counted
    cross join lateral (select counted.days, counted.mean,
      case when daily.value is null then base.m2
        else base.m2 + (daily.value - base.mean) * (daily.value - counted.mean) end as m2) as step
    where member.contest_id = ${contestId}
      and (old.last_close_day is null or old.last_close_day < ${day})
    on conflict (contest_user_id) do update set
      trading_days = excluded.trading_days, mean_return = excluded.mean_return,
      m2 = excluded.m2, last_close_cents = excluded.last_close_cents,
      peak_cents = excluded.peak_cents, max_drawdown_bps = excluded.max_drawdown_bps,
      sharpe = excluded.sharpe, last_close_day = excluded.last_close_day
    where line.last_close_day < excluded.last_close_day
  `);
}

/**
 * A teacher's cash adjustment is money put in or taken out, not a gain or a loss: the line's
 * last close and peak move by the same amount, so the next close's return and drawdown are
 * measured on the adjusted base (a member with no close yet gets a line at the starting cash
 * plus the amount, with no trading day). Called in the adjustment's transaction
 * (trading/adjustments-service.ts).
 */
export async function shiftRiskLine(
  db: Executor,
  member: { id: number; contestId: number },
  startingCashCents: number,
  amountCents: number,
): Promise<void> {
  await db.execute(sql`
    insert into contest_risk_lines as line (contest_user_id, contest_id, trading_days,
      mean_return, m2, last_close_cents, peak_cents, max_drawdown_bps, sharpe, last_close_day)
    values (${member.id}, ${member.contestId}, 0, 0, 0, ${startingCashCents + amountCents},
      ${startingCashCents + amountCents}, 0, null, 0)
    on conflict (contest_user_id) do update set
      last_close_cents = greatest(line.last_close_cents + ${amountCents}, 0),
      peak_cents = greatest(line.peak_cents + ${amountCents}, 0)
  `);
}

/** A reset portfolio starts its risk figures again from the starting cash (decision 049). */
export async function clearRiskLines(db: Executor, contestUserIds: number[]): Promise<void> {
  if (contestUserIds.length === 0) return;
  await db.delete(contestRiskLines).where(inArray(contestRiskLines.contestUserId, contestUserIds));
}

export type RiskBoardRow = {
  contestUserId: number;
  userId: number;
  username: string;
  firstName: string;
  avatarPath: string | null;
  valueCents: number;
  sharpe: number | null;
  maxDrawdownBps: number;
  tradingDays: number;
  ranked: boolean;
};

/**
 * One page of the risk-adjusted board: the value ranking's lines (`contest_board`: members who
 * have not left, and on a public board only those it may list) with their figures at the last
 * close. Ranked lines come first, read in the order of an index of `contest_risk_lines`
 * (Sharpe: by ratio, descending, among lines with the trading days; drawdown: by the value at
 * the last close among lines within the limit), so a page near the top stops after its lines.
 * The others follow in the value ranking's order (`contest_board_value_idx`): a member with no
 * close yet shows the starting cash and no trading day. Only a page past the ranked lines
 * counts them. The count is the value ranking's (`boardSize`).
 */
export async function riskBoardPage(
  db: Executor,
  contest: Pick<
    ContestRow,
    'id' | 'visibility' | 'startingCashCents' | 'riskBoard' | 'minTradingDays' | 'maxDrawdownBps'
  >,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: RiskBoardRow[]; count: number }> {
  const lines = contestRiskLines;
  const listed = contest.visibility === 'public' ? publicUsers.mayPlayInPublic(now) : undefined;
  const rankedLine =
    contest.riskBoard === 'sharpe'
      ? sql`(${lines.sharpe} is not null and ${lines.tradingDays} >= ${contest.minTradingDays})`
      : sql`(${lines.maxDrawdownBps} <= ${contest.maxDrawdownBps})`;
  const columns = {
    contestUserId: contestBoard.contestUserId,
    ...publicUsers.columns,
    valueCents:
      sql<number>`coalesce(${lines.lastCloseCents}, ${contest.startingCashCents})`.mapWith(Number),
    sharpe: lines.sharpe,
    maxDrawdownBps: sql<number>`coalesce(${lines.maxDrawdownBps}, 0)`.mapWith(Number),
    tradingDays: sql<number>`coalesce(${lines.tradingDays}, 0)`.mapWith(Number),
  };
  // The order of contest_risk_lines_sharpe_idx or contest_risk_lines_value_idx.
  const rankedOrder =
    contest.riskBoard === 'sharpe'
      ? [sql`${lines.sharpe} desc nulls last`, asc(lines.contestUserId)]
      : [sql`${lines.lastCloseCents} desc nulls last`, asc(lines.contestUserId)];
  const rankedLines = () =>
    db
      .select(columns)
      .from(lines)
      .innerJoin(contestBoard, eq(contestBoard.contestUserId, lines.contestUserId))
      .innerJoin(publicUsers.table, eq(publicUsers.columns.userId, contestBoard.userId))
      .where(and(eq(lines.contestId, contest.id), rankedLine, listed));
  const [size, ranked] = await Promise.all([
    boardSize(db, contest.id),
    rankedLines()
      .orderBy(...rankedOrder)
      .offset(page.offset)
      .limit(page.limit),
  ]);
  const rows: RiskBoardRow[] = ranked.map((row) => ({ ...row, ranked: true }));
  if (rows.length < page.limit) {
    // The page reaches past the ranked lines: how many there are says where the rest starts.
    const [counted] = await db.select({ count: count() }).from(rankedLines().as('ranked_lines'));
    const rankedCount = counted?.count ?? 0;
    const others = await db
      .select(columns)
      .from(contestBoard)
      .innerJoin(publicUsers.table, eq(publicUsers.columns.userId, contestBoard.userId))
      .leftJoin(lines, eq(lines.contestUserId, contestBoard.contestUserId))
      .where(
        and(
          eq(contestBoard.contestId, contest.id),
          listed,
          sql`not coalesce(${rankedLine}, false)`,
        ),
      )
      .orderBy(desc(contestBoard.valueCents), asc(contestBoard.contestUserId))
      .offset(Math.max(0, page.offset - rankedCount))
      .limit(page.limit - rows.length);
    rows.push(...others.map((row) => ({ ...row, ranked: false })));
  }
  return { rows, count: size.lines };
}
