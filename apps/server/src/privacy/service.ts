import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_FORMAT, EXPORT_LIFETIME_HOURS, EXPORT_VERSION } from '@bullpen/contract/privacy';
import { privacyMessages } from '@bullpen/contract/privacy';
import { exportBudgetsOf } from '../budget/queries.ts';
import { requireTeacher } from '../classrooms/core/access.ts';
import { exportPostsOf } from '../classrooms/posts/queries.ts';
import { exportClassroomsOf, isStudentOf } from '../classrooms/core/queries.ts';
import { exportPortfoliosOf } from '../contests/queries.ts';
import type { Database } from '../db/connection.ts';
import { exportAttemptsOf } from '../learn/queries.ts';
import { exportOidcIdentitiesOf } from '../auth/oidc-queries.ts';
import { exportNotificationsOf } from '../notifications/queries.ts';
import { exportPointsOf } from '../points/queries.ts';
import { gone, notFound } from '../platform/errors.ts';
import { exportResumesOf } from '../resumes/queries.ts';
import { exportTicketsOf } from '../support/queries.ts';
import { exportTradesOf } from '../trading/queries.ts';
import { exportUserProfile, firstNamesOf } from '../users/queries.ts';
import { exportCompletionsOf } from '../zogo/queries.ts';
import type { UserRow } from '../users/presenter.ts';
import { canReadExport } from './policies.ts';
import {
  deleteExpiredExports,
  failExport,
  findExport,
  latestExport,
  finishExport,
  insertPendingExport,
  lockExportsOf,
  setExportProgress,
  type DataExportRow,
} from './queries.ts';

/**
 * "Download my data" commands. A request records a pending job and returns at once; the job
 * gathers each domain's part through that domain's export query, recording its progress, and
 * keeps the document until it expires. Other people appear in a document by first name at
 * most (a class's teacher); a user's board posts are their own, never a classmate's.
 */

const LIFETIME_MS = EXPORT_LIFETIME_HOURS * 60 * 60 * 1000;
/** Far longer than the largest account takes to gather. */
const STALE_AFTER_MS = 15 * 60 * 1000;
/** How long a repeated request gets the export it just made instead of a new one. */
const REPEAT_WINDOW_MS = 60 * 1000;

/**
 * A later domain's section of an export (guardians: who follows the user, whom the user
 * follows), registered through `app.privacy`; its name is the document's key.
 */
export type ExportSection = (db: Database, userId: number) => Promise<unknown>;

export type ExportRunner = {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Starts the job after the response; the plugin waits for running ones on close. */
  schedule: (job: () => Promise<void>) => void;
  /** The sections later domains add, in registration order. */
  sections?: ReadonlyMap<string, ExportSection>;
};

/** The actor's export of their own data. */
export async function requestOwnExport(runner: ExportRunner, actor: UserRow) {
  return requestExport(runner, actor.id, actor.id);
}

/** A teacher's export of one student of their class: 404 unless the student is in it. */
export async function requestStudentExport(
  runner: ExportRunner,
  actor: UserRow,
  classroomId: number,
  studentId: number,
) {
  await requireTeacher(runner.db, classroomId, actor);
  if (!(await isStudentOf(runner.db, classroomId, studentId))) {
    throw notFound(privacyMessages.studentNotFound);
  }
  return requestExport(runner, actor.id, studentId);
}

/**
 * An export of `userId`'s data for `requestedBy`, who alone may read it: for a later domain
 * whose own policy already allowed it (a guardian's export of a child they follow).
 */
export async function requestExportFor(runner: ExportRunner, requestedBy: number, userId: number) {
  return requestExport(runner, requestedBy, userId);
}

async function requestExport(
  runner: ExportRunner,
  requestedBy: number,
  userId: number,
): Promise<DataExportRow> {
  const now = runner.now();
  // A request repeated within a minute (a double click, a retry) gets the same export back,
  // even when that export has already finished; the lock makes "is there one?" and "start
  // one" a single step, so requests at once (or one arriving as a job finishes) start one.
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS);
  const { job, started } = await runner.db.transaction(async (tx) => {
    await lockExportsOf(tx, userId);
    const recent = await latestExport(tx, requestedBy, userId, {
      statuses: ['pending', 'ready'],
      since,
    });
    if (recent) return { job: recent, started: false };
    const running = await latestExport(tx, requestedBy, userId, { statuses: ['pending'] });
    if (running) {
      // A job whose process stopped midway would block new ones for the link's whole life.
      if (now.getTime() - running.createdAt.getTime() <= STALE_AFTER_MS) {
        return { job: running, started: false };
      }
      await failExport(tx, running.id);
    }
    const created = await insertPendingExport(tx, {
      userId,
      requestedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME_MS),
    });
    // Under the lock no other pending job can appear; the partial unique index still says so.
    if (!created) throw new Error(`an export of user ${userId} is already pending`);
    return { job: created, started: true };
  });
  if (started) runner.schedule(() => runExport(runner, job));
  return job;
}

export async function exportFor(db: Database, actor: UserRow, id: number) {
  const row = await findExport(db, id);
  if (!row || !canReadExport(actor, row)) throw notFound(privacyMessages.notFound);
  return row;
}

/** A ready document for its requester; 410 once its link has expired. */
export async function downloadableExport(db: Database, actor: UserRow, id: number, now: Date) {
  const row = await exportFor(db, actor, id);
  if (row.expiresAt <= now) throw gone(privacyMessages.expired);
  if (row.status !== 'ready' || !row.document) throw notFound(privacyMessages.notReady);
  return row.document as ExportDocument;
}

async function runExport(runner: ExportRunner, job: DataExportRow): Promise<void> {
  try {
    await deleteExpiredExports(runner.db, runner.now());
    const document = await gatherDocument(
      runner.db,
      job.userId,
      runner.now(),
      (progress) => setExportProgress(runner.db, job.id, progress),
      runner.sections,
    );
    await finishExport(runner.db, job.id, document, new Date(runner.now().getTime() + LIFETIME_MS));
  } catch (error) {
    runner.log.error({ err: error, exportId: job.id }, 'data export failed');
    await failExport(runner.db, job.id);
  }
}

export type ExportDocument = Awaited<ReturnType<typeof gatherDocument>>;

/** Every section of one user's data; `onProgress` hears the share done after each section. */
export async function gatherDocument(
  db: Database,
  userId: number,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
  sections: ReadonlyMap<string, ExportSection> = new Map(),
) {
  const steps = 11;
  let done = 0;
  async function step<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    done += 1;
    // 100 is written with the document itself.
    await onProgress(Math.min(99, Math.round((done / steps) * 100)));
    return result;
  }
  const user = await step(exportUserProfile(db, userId));
  const { studying, teaching } = await step(exportClassroomsOf(db, userId));
  const teachers = await firstNamesOf(db, [...new Set(studying.map((c) => c.teacherId))]);
  const lessonAttempts = await step(exportAttemptsOf(db, userId));
  const points = await step(exportPointsOf(db, userId));
  const modules = await step(exportCompletionsOf(db, userId));
  const portfolioRows = await step(exportPortfoliosOf(db, userId));
  const portfolios = [];
  for (const portfolio of portfolioRows) {
    portfolios.push({ ...portfolio, ...(await exportTradesOf(db, portfolio.id)) });
  }
  const resumes = await step(exportResumesOf(db, userId));
  const budgets = await step(exportBudgetsOf(db, userId));
  const boardPosts = await step(exportPostsOf(db, userId));
  const supportTickets = await step(exportTicketsOf(db, userId));
  const notifications = await step(exportNotificationsOf(db, userId));
  // The school accounts that sign in to this one: the issuer and the date, not the subject id.
  const schoolSignIns = await exportOidcIdentitiesOf(db, userId);
  const added: Record<string, unknown> = {};
  for (const [name, section] of sections) added[name] = await section(db, userId);
  return {
    ...added,
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generated_at: now.toISOString(),
    user,
    classes: studying.map((c) => ({
      id: c.id,
      name: c.name,
      teacher_first_name: teachers.get(c.teacherId) ?? null,
      joined_at: c.joinedAt,
    })),
    classes_taught: teaching.map((c) => ({ id: c.id, name: c.name, created_at: c.createdAt })),
    lesson_attempts: lessonAttempts,
    points_history: points,
    learn_and_earn_modules: modules,
    portfolios,
    resumes,
    budgets,
    board_posts: boardPosts,
    support_tickets: supportTickets,
    notifications: notifications.notifications,
    notification_mail_choices: notifications.mailChoices,
    school_sign_ins: schoolSignIns,
  };
}
