import { classroomContestMessages } from '@bullpen/contract/classroom-contests';
import type { createClassroomContestSchema } from '@bullpen/contract/classroom-contests';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/connection.ts';
import type { ContestView } from '../../contests/presenter.ts';
import {
  createClassroomContest,
  enrolInClassroomContests,
  leaveClassroomContests,
  tradingPausedReasons,
  type MembershipHooks,
  type TradingGate,
} from '../../contests/service.ts';
import {
  classroomContestIds,
  closeClassroomContestJoins,
  contestViews,
} from '../../contests/catalogue-queries.ts';
import type { ContestRow } from '../../contests/status.ts';
import type { ResolvedRules } from '../../contests/rules.ts';
import type { UserRow } from '../../users/presenter.ts';
import { classroomAccess, requireMember, requireTeacher } from '../core/access.ts';
import { canTeach, canViewClassroom } from '../core/policies.ts';
import { studentIdsOf } from '../core/queries.ts';
import { classroomTradingEnabled, setTradingEnabled } from './queries.ts';

/**
 * Class contests and the trading switch. The contests domain owns the contests: a class
 * contest is one it creates with the class's id and members; classrooms only says who the
 * students are and whether the class's teacher has trading on.
 */

type ClassroomContestInput = z.output<typeof createClassroomContestSchema>;

/** The class's teacher starts a contest; every student of the class is a member at once. */
export async function startClassroomContest(
  db: Database,
  hooks: MembershipHooks,
  actor: UserRow,
  classroomId: number,
  input: ClassroomContestInput,
  rules: ResolvedRules,
  now: Date,
): Promise<ContestRow> {
  await requireTeacher(db, classroomId, actor);
  const studentIds = await studentIdsOf(db, classroomId);
  return createClassroomContest(db, hooks, actor, classroomId, input, rules, studentIds, now);
}

/** A class contest as its viewer sees it, and why trading in it is paused (null: it is not). */
/** `canManage`: the viewer owns the contest or teaches the class (`canManageContest`). */
export type ClassroomContestView = {
  view: ContestView;
  tradingPausedReason: string | null;
  canManage: boolean;
};

/** The class's contests as a member of the class sees them, newest first. */
export async function classroomContests(
  db: Database,
  gates: readonly TradingGate[],
  actor: UserRow,
  classroomId: number,
): Promise<ClassroomContestView[]> {
  const access = await requireMember(db, classroomId, actor);
  const ids = await classroomContestIds(db, classroomId);
  const views = await contestViews(db, ids, actor.id);
  const ordered = ids.map((id) => views.get(id)!).filter(Boolean);
  const reasons = await tradingPausedReasons(
    db,
    gates,
    ordered.map((view) => view.contest),
  );
  return ordered.map((view) => ({
    view,
    tradingPausedReason: reasons.get(view.contest.id) ?? null,
    canManage: view.contest.ownerId === actor.id || canTeach(access),
  }));
}

/** The teacher's switch; answers the class's contest ids so their open pages can refresh. */
export async function switchClassroomTrading(
  db: Database,
  actor: UserRow,
  classroomId: number,
  enabled: boolean,
  now: Date,
): Promise<{ tradingEnabled: boolean; contestIds: number[] }> {
  await requireTeacher(db, classroomId, actor);
  const tradingEnabled = await setTradingEnabled(db, classroomId, enabled, now);
  return { tradingEnabled, contestIds: await classroomContestIds(db, classroomId) };
}

/** The trading gate of class contests: refused while the class's teacher has trading off. */
export const classroomTradingGate: TradingGate = async (db, contest) => {
  if (contest.classroomId === null) return null;
  const enabled = await classroomTradingEnabled(db, contest.classroomId);
  return enabled === false ? classroomContestMessages.tradingOff : null;
};

/** A student joining the class becomes a member of its contests that are still running. */
export function enrolJoiningStudent(hooks: MembershipHooks) {
  return (tx: Executor, member: { classroomId: number; userId: number }, now: Date) =>
    enrolInClassroomContests(tx, hooks, member.classroomId, member.userId, now);
}

/** A student leaving the class (or removed from it) leaves its contests too. */
export function leaveWithStudent(hooks: MembershipHooks) {
  return (tx: Executor, member: { classroomId: number; userId: number }, now: Date) =>
    leaveClassroomContests(tx, hooks, member.classroomId, member.userId, now);
}

/**
 * A class contest is the class's room: only its students and its teacher may be members
 * (joining by code, id or invitation); any other contest is not ours to judge.
 */
export async function classroomAdmits(
  db: Executor,
  contest: ContestRow,
  userId: number,
): Promise<boolean> {
  if (contest.classroomId === null) return true;
  const access = await classroomAccess(db, contest.classroomId, userId);
  return access !== null && canViewClassroom(access);
}

/**
 * The class's teacher manages the class's contests as their owner does: their trading rules
 * (docs/decisions/046-contest-rule-packs.md) and trade coach's switch; a class can change
 * hands (rosters).
 */
export async function classroomTeacherManages(
  db: Executor,
  contest: ContestRow,
  userId: number,
): Promise<boolean> {
  if (contest.classroomId === null) return false;
  const access = await classroomAccess(db, contest.classroomId, userId);
  return access !== null && canTeach(access);
}

/** A deleted class's contests take nobody new (see closeClassroomContestJoins). */
export async function closeJoinsWithClass(tx: Executor, classroomId: number): Promise<null> {
  await closeClassroomContestJoins(tx, classroomId);
  return null;
}
