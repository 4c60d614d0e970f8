import { CONTEST_PLACE_POINTS, CONTEST_POINTS_MIN_PLAYERS } from '@bullpen/contract/points';
import type { Database } from '../db/connection.ts';
import { writePoints, type PointsWritten } from '../points/service.ts';
import { claimContestPlaces, contestsWithPlacesToPay, topOfBoard } from './queries.ts';

/** Contests settled per run at most: a backlog (a server that was down) drains over a few runs. */
const CONTESTS_PER_RUN = 20;

const ORDINALS = ['1st', '2nd', '3rd'];

/** What a place's entry says in the student's history: "2nd place in Class 7B Challenge". */
export function placeNote(place: number, contestName: string): string {
  return `${ORDINALS[place - 1] ?? `${place}th`} place in ${contestName}`;
}

export type PlacesPaid = {
  /** The contests settled by this run (paid, or too small to pay). */
  contestIds: number[];
  /** The ledger writes, for the caller to announce. */
  written: PointsWritten[];
};

/**
 * Pays the top places of every contest whose values are final: once the trading job has
 * stopped re-pricing it, a day after its end (`REPRICED_AFTER_END_MS`), so the places paid are
 * the ones its board shows for good. The board's order decides (value descending, then member
 * id: of equal values, the earlier member places first) and `CONTEST_PLACE_POINTS` says what
 * each place pays, when the contest has at least `CONTEST_POINTS_MIN_PLAYERS` players on its
 * board.
 *
 * Each contest is settled in one transaction that marks it (`places_paid_at`) and writes its
 * entries: a second server process waits on the contest's row, then finds it marked and does
 * nothing, and the ledger's source `contest:<id>` pays a user once besides. A run reads only
 * unmarked contests (a partial index), so settled contests cost nothing on later runs.
 */
export async function payContestPlaces(db: Database, now: Date): Promise<PlacesPaid> {
  const result: PlacesPaid = { contestIds: [], written: [] };
  for (const contestId of await contestsWithPlacesToPay(db, now, CONTESTS_PER_RUN)) {
    const written = await db.transaction(async (tx) => {
      const contest = await claimContestPlaces(tx, contestId, now);
      if (!contest) return undefined;
      const { lines, players } = await topOfBoard(tx, contestId, CONTEST_PLACE_POINTS.length);
      if (players < CONTEST_POINTS_MIN_PLAYERS) return null;
      return writePoints(
        tx,
        lines.map(({ userId, position }) => ({
          userId,
          points: CONTEST_PLACE_POINTS[position - 1]!,
          reason: 'contest' as const,
          source: `contest:${contestId}`,
          note: placeNote(position, contest.name),
        })),
      );
    });
    if (written === undefined) continue;
    result.contestIds.push(contestId);
    if (written) result.written.push(written);
  }
  return result;
}
