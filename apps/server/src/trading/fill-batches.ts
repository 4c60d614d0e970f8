import type { Database } from '../db/connection.ts';
import { sendFills, type FillValues } from './fills-queries.ts';

/**
 * Fills of one contest committed together (decision 021). A fill's account line moves its
 * member on the contest's board, and the board's lock is held until the commit (decision 014):
 * fills of one contest written one statement each wait for each other's WAL flush, so they
 * could never go faster than one flush each. Here the fills of a contest go to the database in
 * turns: a fill goes at once while fewer than two statements of its contest are in flight;
 * those that arrive meanwhile wait and then go together, up to 16 in one `bullpen_fill_many`
 * statement (migration 0021), one commit for all. A fill alone goes by `bullpen_fill`. A quiet
 * contest's fill waits for nothing; a busy one's waits for the statements ahead of it, which it
 * would have waited for at the board's lock.
 */

/** A contest's statements in flight at once from this process: one writing, one at the lock. */
const IN_FLIGHT_MAX = 2;
/** The most fills in one statement: the board's trigger moves up to 16 members, one by one. */
const FILLS_PER_STATEMENT_MAX = 16;

type Waiting = {
  values: FillValues;
  resolve: (placed: number | null) => void;
  reject: (error: unknown) => void;
};

type Lane = { inFlight: number; waiting: Waiting[] };

type Batches = {
  lanes: Map<number, Lane>;
  /** Statements sent, and the fills they carried: what a test reads to see fills share one. */
  statements: number;
  fills: number;
};

const batchesByDatabase = new WeakMap<Database, Batches>();

function batchesOf(db: Database): Batches {
  let batches = batchesByDatabase.get(db);
  if (!batches)
    batchesByDatabase.set(db, (batches = { lanes: new Map(), statements: 0, fills: 0 }));
  return batches;
}

/** How many statements this process sent for how many fills, on this database. */
export function fillStatements(db: Database): { statements: number; fills: number } {
  const { statements, fills } = batchesOf(db);
  return { statements, fills };
}

/** Sends a group of fills in one statement (`sendFills`), counted. */
async function send(db: Database, batches: Batches, group: readonly FillValues[]) {
  batches.statements += 1;
  batches.fills += group.length;
  return sendFills(db, group);
}

/**
 * Sends a group of waiting fills and answers each. When the statement fails as a whole (a
 * deadlock the database broke, a key written meanwhile by another process), each fill is sent
 * again alone, so each gets its own answer or its own error.
 */
async function sendGroup(db: Database, batches: Batches, group: Waiting[]): Promise<void> {
  try {
    const placed = await send(
      db,
      batches,
      group.map((waiting) => waiting.values),
    );
    group.forEach((waiting, index) => waiting.resolve(placed[index] ?? null));
  } catch (error) {
    if (group.length === 1) {
      group[0]!.reject(error);
      return;
    }
    await Promise.all(
      group.map((waiting) =>
        send(db, batches, [waiting.values]).then(
          ([placed]) => waiting.resolve(placed ?? null),
          waiting.reject,
        ),
      ),
    );
  }
}

/** Sends what waits in the contest's lane, as long as fewer than two statements are in flight. */
function next(db: Database, batches: Batches, contestId: number, lane: Lane): void {
  while (lane.waiting.length > 0 && lane.inFlight < IN_FLIGHT_MAX) {
    const group = lane.waiting.splice(0, FILLS_PER_STATEMENT_MAX);
    lane.inFlight += 1;
    void sendGroup(db, batches, group).finally(() => {
      lane.inFlight -= 1;
      next(db, batches, contestId, lane);
    });
  }
  if (lane.inFlight === 0) batches.lanes.delete(contestId);
}

/**
 * Writes one worked-out fill into a portfolio of `contestId`, with other fills of the contest
 * when they are waiting too: the order's id, or null when the database did not write it (the
 * portfolio is no longer as the fill was worked out from, or another transaction holds it).
 * Each portfolio must have at most one fill here at a time (`oneAtATime` in fills-service.ts).
 */
export function writeFill(
  db: Database,
  contestId: number,
  values: FillValues,
): Promise<number | null> {
  const batches = batchesOf(db);
  let lane = batches.lanes.get(contestId);
  if (!lane) batches.lanes.set(contestId, (lane = { inFlight: 0, waiting: [] }));
  const written = new Promise<number | null>((resolve, reject) => {
    lane.waiting.push({ values, resolve, reject });
  });
  next(db, batches, contestId, lane);
  return written;
}
