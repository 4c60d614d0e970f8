import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { RedemptionStatus } from '@bullpen/contract/rewards';
import type { Executor } from '../db/connection.ts';
import { redemptions, rewardEquips, rewards } from '../db/schema/rewards.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;
/** A redemption with the reward it bought. */
export type RedemptionWithReward = { redemption: RedemptionRow; reward: RewardRow };
export type PlatformRewardInput = {
  slug: string;
  kind: 'frame' | 'badge';
  name: string;
  cost: number;
};

/** Any number: the advisory-lock class that serialises adding rewards to one class. */
const CLASSROOM_REWARDS_LOCK_CLASS = 727_201;

/**
 * Writes the catalogue by slug: a new slug is added, a changed one updated (and put back on
 * sale), and nothing is written for a slug already in step. Slugs no longer listed retire.
 */
export async function upsertPlatformRewards(
  db: Executor,
  catalogue: readonly PlatformRewardInput[],
  now: Date,
): Promise<{ written: number; retired: number }> {
  const written = await db
    .insert(rewards)
    .values(catalogue.map(({ slug, kind, name, cost }) => ({ slug, kind, name, cost })))
    .onConflictDoUpdate({
      target: rewards.slug,
      targetWhere: isNotNull(rewards.slug),
      set: {
        kind: sql`excluded.kind`,
        name: sql`excluded.name`,
        cost: sql`excluded.cost`,
        retiredAt: null,
      },
      setWhere: sql`(${rewards.kind}, ${rewards.name}, ${rewards.cost}) is distinct from (excluded.kind, excluded.name, excluded.cost) or ${rewards.retiredAt} is not null`,
    })
    .returning({ id: rewards.id });
  const slugs = catalogue.map((reward) => reward.slug);
  const retired = await db
    .update(rewards)
    .set({ retiredAt: now })
    .where(
      and(
        isNotNull(rewards.slug),
        isNull(rewards.retiredAt),
        slugs.length > 0 ? notInArray(rewards.slug, slugs) : undefined,
      ),
    )
    .returning({ id: rewards.id });
  return { written: written.length, retired: retired.length };
}

export async function findReward(db: Executor, id: number): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(rewards).where(eq(rewards.id, id)).limit(1);
  return row;
}

export async function findRewardsByIds(
  db: Executor,
  ids: number[],
): Promise<Map<number, RewardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(rewards).where(inArray(rewards.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Platform rewards on sale, cheapest first. */
export async function livePlatformRewards(db: Executor): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(and(isNull(rewards.classroomId), isNull(rewards.retiredAt)))
    .orderBy(asc(rewards.cost), asc(rewards.id));
}

/** The rewards on sale in these classes, oldest first. */
export async function liveClassroomRewards(
  db: Executor,
  classroomIds: number[],
): Promise<RewardRow[]> {
  if (classroomIds.length === 0) return [];
  return db
    .select()
    .from(rewards)
    .where(and(inArray(rewards.classroomId, classroomIds), isNull(rewards.retiredAt)))
    .orderBy(asc(rewards.id));
}

/** Holds the class's reward list until the transaction ends (the cap counts under it). */
export async function lockClassroomRewards(db: Executor, classroomId: number): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${CLASSROOM_REWARDS_LOCK_CLASS}, ${classroomId})`,
  );
}

export async function countLiveClassroomRewards(
  db: Executor,
  classroomId: number,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rewards)
    .where(and(eq(rewards.classroomId, classroomId), isNull(rewards.retiredAt)));
  return row?.count ?? 0;
}

export async function insertClassroomReward(
  db: Executor,
  values: {
    classroomId: number;
    name: string;
    description: string;
    cost: number;
    createdBy: number;
  },
): Promise<RewardRow> {
  const [row] = await db
    .insert(rewards)
    .values({ ...values, kind: 'classroom' })
    .returning();
  return row!;
}

/** Changes a live reward of the class; undefined when it is not one. */
export async function updateClassroomReward(
  db: Executor,
  classroomId: number,
  rewardId: number,
  changes: Partial<{ name: string; description: string; cost: number }>,
): Promise<RewardRow | undefined> {
  const where = and(
    eq(rewards.id, rewardId),
    eq(rewards.classroomId, classroomId),
    isNull(rewards.retiredAt),
  );
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(rewards).where(where);
    return row;
  }
  const [row] = await db.update(rewards).set(changes).where(where).returning();
  return row;
}

/** Takes a live reward of the class off sale; false when it is not one. */
export async function retireClassroomReward(
  db: Executor,
  classroomId: number,
  rewardId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(rewards)
    .set({ retiredAt: now })
    .where(
      and(
        eq(rewards.id, rewardId),
        eq(rewards.classroomId, classroomId),
        isNull(rewards.retiredAt),
      ),
    )
    .returning({ id: rewards.id });
  return rows.length > 0;
}

/**
 * Adds a redemption. A platform reward is bought once per user: a second purchase (even one
 * racing the first) returns undefined, held by `redemptions_platform_once_key`.
 */
export async function insertRedemption(
  db: Executor,
  values: {
    userId: number;
    rewardId: number;
    classroomId: number | null;
    cost: number;
    status: RedemptionStatus;
  },
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .insert(redemptions)
    .values(values)
    .onConflictDoNothing({
      target: [redemptions.userId, redemptions.rewardId],
      where: isNull(redemptions.classroomId),
    })
    .returning();
  return row;
}

export async function findRedemption(
  db: Executor,
  id: number,
): Promise<RedemptionWithReward | undefined> {
  const [row] = await db
    .select({ redemption: redemptions, reward: rewards })
    .from(redemptions)
    .innerJoin(rewards, eq(rewards.id, redemptions.rewardId))
    .where(eq(redemptions.id, id))
    .limit(1);
  return row;
}

/**
 * A class's pending requests, each decided as `cancelled` (the class is being deleted and its
 * requests go with it), locked and changed in one statement so a racing decision cannot also
 * refund one. Returns those changed, with their rewards.
 */
export async function cancelPendingOfClassroom(
  db: Executor,
  classroomId: number,
  now: Date,
): Promise<RedemptionWithReward[]> {
  const cancelled = await db
    .update(redemptions)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(redemptions.classroomId, classroomId), eq(redemptions.status, 'pending')))
    .returning();
  if (cancelled.length === 0) return [];
  const byId = await findRewardsByIds(db, [...new Set(cancelled.map((row) => row.rewardId))]);
  return cancelled.map((redemption) => ({ redemption, reward: byId.get(redemption.rewardId)! }));
}

/**
 * Decides a pending request; undefined when it is no longer pending, so of an approve, a
 * decline and a cancel racing on one request exactly one changes it.
 */
export async function decidePendingRedemption(
  db: Executor,
  id: number,
  status: Extract<RedemptionStatus, 'approved' | 'declined' | 'cancelled'>,
  decidedBy: number,
  now: Date,
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .update(redemptions)
    .set({ status, decidedBy, decidedAt: now })
    .where(and(eq(redemptions.id, id), eq(redemptions.status, 'pending')))
    .returning();
  return row;
}

type RedemptionFilter = { userId?: number; classroomId?: number; status?: RedemptionStatus };

function redemptionWhere(filter: RedemptionFilter) {
  return and(
    filter.userId === undefined ? undefined : eq(redemptions.userId, filter.userId),
    filter.classroomId === undefined ? undefined : eq(redemptions.classroomId, filter.classroomId),
    filter.status === undefined ? undefined : eq(redemptions.status, filter.status),
  );
}

export async function countRedemptions(db: Executor, filter: RedemptionFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(redemptions)
    .where(redemptionWhere(filter));
  return row?.count ?? 0;
}

/** A page of redemptions, newest first. */
export async function redemptionsPage(
  db: Executor,
  filter: RedemptionFilter,
  window: { offset: number; limit: number },
): Promise<RedemptionWithReward[]> {
  return db
    .select({ redemption: redemptions, reward: rewards })
    .from(redemptions)
    .innerJoin(rewards, eq(rewards.id, redemptions.rewardId))
    .where(redemptionWhere(filter))
    .orderBy(desc(redemptions.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The platform rewards a user owns (their ids). */
export async function ownedRewardIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ rewardId: redemptions.rewardId })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.userId, userId),
        isNull(redemptions.classroomId),
        eq(redemptions.status, 'done'),
      ),
    );
  return new Set(rows.map((row) => row.rewardId));
}

/** How many of a user's requests wait for a teacher, by reward. */
export async function pendingCountsOf(
  db: Executor,
  userId: number,
  rewardIds: number[],
): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .select({ rewardId: redemptions.rewardId, count: sql<number>`count(*)::int` })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.userId, userId),
        eq(redemptions.status, 'pending'),
        inArray(redemptions.rewardId, rewardIds),
      ),
    )
    .groupBy(redemptions.rewardId);
  return new Map(rows.map((row) => [row.rewardId, row.count]));
}

/** What each of these users shows: the slugs of live rewards (absent users show nothing). */
export async function equippedSlugsOf(
  db: Executor,
  userIds: number[],
): Promise<Map<number, { frame: string | null; badge: string | null }>> {
  if (userIds.length === 0) return new Map();
  const equips = await db.select().from(rewardEquips).where(inArray(rewardEquips.userId, userIds));
  const rewardIds = equips.flatMap((row) =>
    [row.frameRewardId, row.badgeRewardId].filter((id): id is number => id !== null),
  );
  const shown = await findRewardsByIds(db, [...new Set(rewardIds)]);
  const slugOf = (id: number | null) => {
    const reward = id === null ? undefined : shown.get(id);
    return reward && reward.retiredAt === null ? reward.slug : null;
  };
  return new Map(
    equips.map((row) => [
      row.userId,
      { frame: slugOf(row.frameRewardId), badge: slugOf(row.badgeRewardId) },
    ]),
  );
}

/** Sets what a user shows; a field left undefined keeps its value. */
export async function upsertEquip(
  db: Executor,
  userId: number,
  changes: { frameRewardId?: number | null; badgeRewardId?: number | null },
): Promise<void> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as typeof changes;
  await db
    .insert(rewardEquips)
    .values({ userId, frameRewardId: null, badgeRewardId: null, ...set })
    .onConflictDoUpdate(
      Object.keys(set).length > 0
        ? { target: rewardEquips.userId, set }
        : { target: rewardEquips.userId, set: { userId } },
    );
}

/** Whether the user bought this platform reward. */
export async function ownsReward(db: Executor, userId: number, rewardId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.userId, userId),
        eq(redemptions.rewardId, rewardId),
        isNull(redemptions.classroomId),
        eq(redemptions.status, 'done'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
