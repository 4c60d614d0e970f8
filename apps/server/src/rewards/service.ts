import { classroomMessages } from '@bullpen/contract/classrooms';
import {
  CLASSROOM_REWARDS_MAX,
  PLATFORM_REWARDS,
  rewardMessages,
  type classroomRewardBody,
  type classroomRewardPatch,
  type EquipBody,
  type RedemptionStatus,
} from '@bullpen/contract/rewards';
import type { z } from 'zod';
import { classroomAccess, requireMember, requireTeacher } from '../classrooms/core/access.ts';
import type { ClassroomAccess } from '../classrooms/core/policies.ts';
import type { ClassroomRow } from '../classrooms/core/queries.ts';
import { listMyClassroomIds } from '../classrooms/core/service.ts';
import type { Database, Executor } from '../db/connection.ts';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors.ts';
import type { PointsLedger } from '../points/plugin.ts';
import type { PointsWritten } from '../points/service.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUsersByIds } from '../users/queries.ts';
import { requireTrustedTeacher } from '../users/trust.ts';
import {
  canSeeClassroomRewards,
  canSeeRedemption,
  fitsSlot,
  mayCancelRedemption,
  mayDecideRedemption,
  mayManageClassroomRewards,
  mayRedeemInClassroom,
} from './policies.ts';
import {
  countLiveClassroomRewards,
  countRedemptions,
  cancelPendingOfClassroom,
  decidePendingRedemption,
  equippedSlugsOf,
  findReward,
  findRedemption,
  insertClassroomReward,
  insertRedemption,
  liveClassroomRewards,
  livePlatformRewards,
  lockClassroomRewards,
  ownedRewardIds,
  ownsReward,
  pendingCountsOf,
  redemptionsPage,
  retireClassroomReward,
  updateClassroomReward,
  upsertEquip,
  upsertPlatformRewards,
  type RedemptionRow,
  type RedemptionWithReward,
  type RewardRow,
} from './queries.ts';

/** The ledger's in-transaction writer and its announcer (`app.points`). */
export type Ledger = Pick<PointsLedger, 'write' | 'announce'>;

/** Classes by id, named for the presenter. */
export type ClassroomNames = Map<number, string>;

/** A reward with what the presenter says about it to one viewer. */
export type RewardView = { reward: RewardRow; owned: boolean; pending: number };

export type RedemptionView = RedemptionWithReward & {
  classroom: { id: number; name: string } | null;
  student: UserRow;
};

/**
 * Keeps the platform rewards in step with the contract's catalogue, at every start: cheap
 * and idempotent (a catalogue already in step writes nothing).
 */
export async function syncPlatformRewards(db: Executor, now: Date) {
  return upsertPlatformRewards(db, PLATFORM_REWARDS, now);
}

async function classroomNames(db: Executor, ids: Iterable<number>): Promise<ClassroomNames> {
  const names: ClassroomNames = new Map();
  for (const id of new Set(ids)) {
    const access = await classroomAccess(db, id, null);
    if (access) names.set(id, access.classroom.name);
  }
  return names;
}

/**
 * The redeem page's catalogue: the platform rewards (each marked owned or not), the live
 * rewards of every class the viewer studies in (with their requests still waiting) and of
 * every class they teach.
 */
export async function rewardCatalogue(
  db: Executor,
  viewer: UserRow,
): Promise<{ rewards: RewardView[]; classrooms: ClassroomNames }> {
  const classroomIds = await listMyClassroomIds(db, viewer);
  const classrooms: ClassroomNames = new Map();
  for (const id of classroomIds) {
    const access = await classroomAccess(db, id, viewer.id);
    if (access && canSeeClassroomRewards(access)) classrooms.set(id, access.classroom.name);
  }
  const [platform, owned, classroomRewards] = await Promise.all([
    livePlatformRewards(db),
    ownedRewardIds(db, viewer.id),
    liveClassroomRewards(db, [...classrooms.keys()]),
  ]);
  const pending = await pendingCountsOf(
    db,
    viewer.id,
    classroomRewards.map((reward) => reward.id),
  );
  return {
    rewards: [
      ...platform.map((reward) => ({ reward, owned: owned.has(reward.id), pending: 0 })),
      ...classroomRewards.map((reward) => ({
        reward,
        owned: false,
        pending: pending.get(reward.id) ?? 0,
      })),
    ],
    classrooms,
  };
}

/** Students and class names for a list of redemptions. */
async function describeRedemptions(
  db: Executor,
  rows: RedemptionWithReward[],
  known: ClassroomNames = new Map(),
): Promise<RedemptionView[]> {
  const missing = rows
    .map((row) => row.redemption.classroomId)
    .filter((id): id is number => id !== null && !known.has(id));
  const names = new Map([...known, ...(await classroomNames(db, missing))]);
  const students = await findUsersByIds(db, [...new Set(rows.map((row) => row.redemption.userId))]);
  return rows.map((row) => {
    const classroomId = row.redemption.classroomId;
    return {
      ...row,
      classroom:
        classroomId === null ? null : { id: classroomId, name: names.get(classroomId) ?? '' },
      student: students.get(row.redemption.userId)!,
    };
  });
}

/**
 * Buys a reward. A platform reward is the user's at once (`done`, once per user); a classroom
 * reward, open to the class's students only while the class is not frozen, becomes a request
 * (`pending`) for its teacher. The redemption and its spend commit together: without enough
 * points neither is written.
 */
export async function redeemReward(
  db: Database,
  ledger: Ledger,
  actor: UserRow,
  rewardId: number,
): Promise<{ redemption: RedemptionView; availablePoints: number; tell: number[] }> {
  const reward = await findReward(db, rewardId);
  if (!reward || reward.retiredAt !== null) throw notFound(rewardMessages.notFound);
  let classroom: ClassroomRow | null = null;
  if (reward.classroomId !== null) {
    const access = await classroomAccess(db, reward.classroomId, actor.id);
    if (!access || !canSeeClassroomRewards(access)) throw notFound(rewardMessages.notFound);
    if (!mayRedeemInClassroom(access)) throw forbidden();
    if (access.classroom.frozenAt !== null) throw conflict(rewardMessages.frozen);
    classroom = access.classroom;
  }
  const { redemption, points } = await db.transaction(async (tx) => {
    const redemption = await insertRedemption(tx, {
      userId: actor.id,
      rewardId: reward.id,
      classroomId: reward.classroomId,
      cost: reward.cost,
      status: reward.classroomId === null ? 'done' : 'pending',
    });
    if (!redemption) throw conflict(rewardMessages.owned);
    const points = await ledger.write(tx, [
      {
        userId: actor.id,
        points: -reward.cost,
        reason: 'redemption',
        source: `redemption:${redemption.id}`,
        note: reward.name,
      },
    ]);
    return { redemption, points };
  });
  ledger.announce(points);
  const [view] = await describeRedemptions(
    db,
    [{ redemption, reward }],
    classroom ? new Map([[classroom.id, classroom.name]]) : new Map(),
  );
  return {
    redemption: view!,
    availablePoints: points.balances.get(actor.id) ?? 0,
    // A class reward's request waits in its teacher's queue.
    tell: classroom ? [classroom.teacherId] : [],
  };
}

type RedemptionsQuery = { status?: RedemptionStatus };
type Window = { offset: number; limit: number };

/** A page of the user's own redemptions, newest first. */
export async function myRedemptions(
  db: Executor,
  actor: UserRow,
  query: RedemptionsQuery,
  window: Window,
): Promise<{ count: number; results: RedemptionView[] }> {
  const filter = { userId: actor.id, status: query.status };
  const [count, rows] = await Promise.all([
    countRedemptions(db, filter),
    redemptionsPage(db, filter, window),
  ]);
  return { count, results: await describeRedemptions(db, rows) };
}

/** A page of the requests for a class's rewards, newest first: its teacher only. */
export async function classroomRedemptions(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  query: RedemptionsQuery,
  window: Window,
): Promise<{ count: number; results: RedemptionView[] }> {
  const { classroom } = await requireTeacher(db, classroomId, actor);
  const filter = { classroomId, status: query.status };
  const [count, rows] = await Promise.all([
    countRedemptions(db, filter),
    redemptionsPage(db, filter, window),
  ]);
  return {
    count,
    results: await describeRedemptions(db, rows, new Map([[classroom.id, classroom.name]])),
  };
}

/** The request and the actor's place in its class; "not found" for anyone it does not concern. */
async function redemptionFor(
  db: Executor,
  actor: UserRow,
  redemptionId: number,
): Promise<{ found: RedemptionWithReward; access: ClassroomAccess | null }> {
  const found = await findRedemption(db, redemptionId);
  if (!found) throw notFound(rewardMessages.redemptionNotFound);
  const { classroomId } = found.redemption;
  const access = classroomId === null ? null : await classroomAccess(db, classroomId, actor.id);
  if (!canSeeRedemption(actor.id, found.redemption, access)) {
    throw notFound(rewardMessages.redemptionNotFound);
  }
  return { found, access };
}

/**
 * Ends a pending request in one transaction: the status changes only while it is pending (so
 * of an approve, a decline and a cancel racing, exactly one wins) and a decline or a cancel
 * gives the points back (once: the refund's source is the request).
 */
async function endRequest(
  db: Database,
  ledger: Ledger,
  actor: UserRow,
  found: RedemptionWithReward,
  status: 'approved' | 'declined' | 'cancelled',
  now: Date,
): Promise<RedemptionView> {
  const { redemption, points } = await db.transaction(async (tx) => {
    const redemption = await decidePendingRedemption(
      tx,
      found.redemption.id,
      status,
      actor.id,
      now,
    );
    if (!redemption) throw conflict(rewardMessages.notPending);
    const points: PointsWritten | null =
      status === 'approved' ? null : await ledger.write(tx, [refundOf(redemption, found.reward)]);
    return { redemption, points };
  });
  if (points) ledger.announce(points);
  const [view] = await describeRedemptions(db, [{ redemption, reward: found.reward }]);
  return view!;
}

function refundOf(redemption: RedemptionRow, reward: RewardRow) {
  return {
    userId: redemption.userId,
    points: redemption.cost,
    reason: 'refund' as const,
    source: `refund:${redemption.id}`,
    note: reward.name,
  };
}

/** The teacher of the reward's class approves or declines (points back) a pending request. */
export async function decideRedemption(
  db: Database,
  ledger: Ledger,
  actor: UserRow,
  redemptionId: number,
  decision: 'approved' | 'declined',
  now: Date,
): Promise<{ redemption: RedemptionView; tell: number[] }> {
  const { found, access } = await redemptionFor(db, actor, redemptionId);
  if (!mayDecideRedemption(access)) throw forbidden(classroomMessages.teacherOnly);
  const redemption = await endRequest(db, ledger, actor, found, decision, now);
  // The student who asked hears the decision.
  return { redemption, tell: [found.redemption.userId] };
}

/** The student withdraws their own pending request; the points come back. */
export async function cancelRedemption(
  db: Database,
  ledger: Ledger,
  actor: UserRow,
  redemptionId: number,
  now: Date,
): Promise<{ redemption: RedemptionView; tell: number[] }> {
  const { found, access } = await redemptionFor(db, actor, redemptionId);
  if (!mayCancelRedemption(actor.id, found.redemption)) throw forbidden();
  const redemption = await endRequest(db, ledger, actor, found, 'cancelled', now);
  // The request leaves its teacher's queue.
  return { redemption, tell: access ? [access.classroom.teacherId] : [] };
}

/** What the demo teacher offers in the demo class, so /redeem has class rewards from the start. */
export const DEMO_CLASSROOM_REWARDS = [
  {
    name: 'Choose the warm-up question',
    description: 'Pick the question the class starts with on Monday.',
    cost: 60,
  },
  {
    name: 'Sit anywhere for a day',
    description: 'Choose your seat for one class period.',
    cost: 40,
  },
] as const;

/** Adds the demo rewards to the demo class just made (by the demo start-up only). */
export async function seedDemoRewards(
  db: Executor,
  demo: { classroomId: number; teacherId: number },
): Promise<void> {
  for (const reward of DEMO_CLASSROOM_REWARDS) {
    await insertClassroomReward(db, {
      ...reward,
      classroomId: demo.classroomId,
      createdBy: demo.teacherId,
    });
  }
}

/**
 * A class is being deleted (in the caller's transaction): its pending requests are cancelled
 * and their points paid back before the rows go with the class. Returns what to announce after
 * the commit, or null when there was nothing pending.
 */
export async function refundPendingOfClassroom(
  tx: Executor,
  ledger: Ledger,
  classroomId: number,
  now: Date,
): Promise<PointsWritten | null> {
  const cancelled = await cancelPendingOfClassroom(tx, classroomId, now);
  if (cancelled.length === 0) return null;
  return ledger.write(
    tx,
    cancelled.map(({ redemption, reward }) => refundOf(redemption, reward)),
  );
}

type ClassroomRewardInput = z.output<typeof classroomRewardBody>;
type ClassroomRewardChanges = z.output<typeof classroomRewardPatch>;

/** A class's live rewards, for its members (a student sees their requests still waiting). */
export async function rewardsOfClassroom(
  db: Executor,
  actor: UserRow,
  classroomId: number,
): Promise<{ rewards: RewardView[]; classrooms: ClassroomNames }> {
  const { classroom } = await requireMember(db, classroomId, actor);
  const rewards = await liveClassroomRewards(db, [classroomId]);
  const pending = await pendingCountsOf(
    db,
    actor.id,
    rewards.map((reward) => reward.id),
  );
  return {
    rewards: rewards.map((reward) => ({
      reward,
      owned: false,
      pending: pending.get(reward.id) ?? 0,
    })),
    classrooms: new Map([[classroom.id, classroom.name]]),
  };
}

async function requireRewardsTeacher(db: Executor, classroomId: number, actor: UserRow) {
  const access = await requireTeacher(db, classroomId, actor);
  if (!mayManageClassroomRewards(access)) throw forbidden(classroomMessages.teacherOnly);
  return access.classroom;
}

/**
 * Defining what points buy needs a trusted teacher, as awarding them does (docs/decisions/028);
 * taking a reward off sale does not.
 */
async function requireRewardsAuthor(db: Executor, classroomId: number, actor: UserRow) {
  const classroom = await requireRewardsTeacher(db, classroomId, actor);
  requireTrustedTeacher(actor);
  return classroom;
}

/** The teacher puts a reward on sale in their class (at most `CLASSROOM_REWARDS_MAX` live). */
export async function createClassroomReward(
  db: Database,
  actor: UserRow,
  classroomId: number,
  input: ClassroomRewardInput,
): Promise<{ reward: RewardRow; classroom: ClassroomRow }> {
  const classroom = await requireRewardsAuthor(db, classroomId, actor);
  const reward = await db.transaction(async (tx) => {
    await lockClassroomRewards(tx, classroomId);
    if ((await countLiveClassroomRewards(tx, classroomId)) >= CLASSROOM_REWARDS_MAX) {
      throw conflict(rewardMessages.tooMany);
    }
    return insertClassroomReward(tx, {
      classroomId,
      name: input.name,
      description: input.description,
      cost: input.cost,
      createdBy: actor.id,
    });
  });
  return { reward, classroom };
}

/** The teacher renames, redescribes or reprices a live reward (requests keep their cost). */
export async function changeClassroomReward(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  rewardId: number,
  changes: ClassroomRewardChanges,
): Promise<{ reward: RewardRow; classroom: ClassroomRow }> {
  const classroom = await requireRewardsAuthor(db, classroomId, actor);
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  const reward = await updateClassroomReward(db, classroomId, rewardId, defined);
  if (!reward) throw notFound(rewardMessages.notFound);
  return { reward, classroom };
}

/** The teacher takes a reward off sale; requests already made can still be decided. */
export async function retireRewardOfClassroom(
  db: Executor,
  actor: UserRow,
  classroomId: number,
  rewardId: number,
  now: Date,
): Promise<void> {
  await requireRewardsTeacher(db, classroomId, actor);
  if (!(await retireClassroomReward(db, classroomId, rewardId, now))) {
    throw notFound(rewardMessages.notFound);
  }
}

export async function equippedOf(db: Executor, userId: number) {
  return (await equippedSlugsOf(db, [userId])).get(userId) ?? { frame: null, badge: null };
}

/** What each listed user shows, in the order asked (public: slugs only). */
export async function equippedOfUsers(db: Executor, userIds: number[]) {
  const unique = [...new Set(userIds)];
  const shown = await equippedSlugsOf(db, unique);
  return unique.map((user) => ({ user, ...(shown.get(user) ?? { frame: null, badge: null }) }));
}

/**
 * Chooses the frame and badge the user shows: each a live platform reward of the slot's kind
 * that they own; null takes it off, a slot left out stays as it was.
 */
export async function equipRewards(db: Executor, actor: UserRow, body: EquipBody) {
  const changes: { frameRewardId?: number | null; badgeRewardId?: number | null } = {};
  for (const slot of ['frame', 'badge'] as const) {
    const rewardId = body[slot];
    if (rewardId === undefined) continue;
    if (rewardId !== null) {
      const reward = await findReward(db, rewardId);
      if (!reward || reward.retiredAt !== null) {
        throw badRequest({ [slot]: rewardMessages.notFound });
      }
      if (!fitsSlot(reward, slot)) throw badRequest({ [slot]: rewardMessages.wrongKind });
      if (!(await ownsReward(db, actor.id, reward.id))) throw conflict(rewardMessages.notOwned);
    }
    changes[slot === 'frame' ? 'frameRewardId' : 'badgeRewardId'] = rewardId;
  }
  await upsertEquip(db, actor.id, changes);
  return equippedOf(db, actor.id);
}
