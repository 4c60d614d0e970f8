import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { contestBoard } from '../db/schema/contests.ts';

/**
 * Reading `contest_board`'s keys (migration 0044, docs/decisions/048-join-cost.md). A line worth
 * at least the contest's starting cash stores its place from the top (`position` 1, 2, …) and
 * its rank; a line worth less stores both counted from the bottom, negative (the last line is
 * −1). So a new member, who starts at the starting cash, shifts no other line. With `lines`
 * lines, a key `k` is the place (or rank) `k` when positive and `k + lines + 1` otherwise.
 */
export type BoardSize = { lines: number; top: number };

/** The largest `contest_board.position` (an `integer` column). */
const MAX_BOARD_POSITION = 2_147_483_647;

/** How many lines the board has, and how many of them are counted from the top. */
export async function boardSize(db: Executor, contestId: number): Promise<BoardSize> {
  // Two ends of contest_board_position_idx, whatever the contest's size.
  const result = await db.execute(sql`
    select
      coalesce((select greatest(position, 0) from contest_board
        where contest_id = ${contestId} order by position desc limit 1), 0) as top,
      coalesce((select greatest(-position, 0) from contest_board
        where contest_id = ${contestId} order by position limit 1), 0) as bottom`);
  const [row] = (result as unknown as { rows: { top: number | string; bottom: number | string }[] })
    .rows;
  const top = Number(row?.top ?? 0);
  return { top, lines: top + Number(row?.bottom ?? 0) };
}

/** A stored key (position or rank) as its place from the top. */
export function placeOf(key: number, size: BoardSize): number {
  return key > 0 ? key : key + size.lines + 1;
}

/**
 * The key ranges holding the places `from + 1 … to`, in the board's order: the top part's,
 * then the bottom part's (each is an index range of contest_board_position_idx).
 */
export function placeRanges(size: BoardSize, from: number, to: number): SQL[] {
  const within = (low: number, high: number) => {
    const clamp = (value: number) =>
      Math.max(-MAX_BOARD_POSITION, Math.min(value, MAX_BOARD_POSITION));
    return and(gt(contestBoard.position, clamp(low)), lte(contestBoard.position, clamp(high)))!;
  };
  const ranges: SQL[] = [];
  const topEnd = Math.min(to, size.top);
  if (from < topEnd) ranges.push(within(from, topEnd));
  const bottomStart = Math.max(from, size.top);
  const bottomEnd = Math.min(to, size.lines);
  if (bottomStart < bottomEnd) {
    ranges.push(within(bottomStart - size.lines - 1, bottomEnd - size.lines - 1));
  }
  return ranges;
}

/** The lines at places `from + 1 … to` of a board, in its order, with their places and ranks. */
export async function linesAt<Row extends { position: number; rank: number }>(
  size: BoardSize,
  from: number,
  to: number,
  read: (range: SQL) => Promise<Row[]>,
): Promise<Row[]> {
  const parts = await Promise.all(placeRanges(size, from, to).map((range) => read(range)));
  return parts.flat().map((row) => ({
    ...row,
    position: placeOf(row.position, size),
    rank: placeOf(row.rank, size),
  }));
}

/** The board's order over stored keys, for one range of `placeRanges`. */
export const keyOrder = asc(contestBoard.position);

/** One contest's lines (for `placeRanges`' conditions). */
export const onBoardOf = (contestId: number) => eq(contestBoard.contestId, contestId);
