import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { dataExports } from '../db/schema/privacy.ts';
import type { ExportStatus } from '@bullpen/contract/privacy';

export type DataExportRow = typeof dataExports.$inferSelect;

/** Advisory lock class: one user's exports are asked for one request at a time. */
const EXPORT_LOCK_CLASS = 727_080;

/** Holds the lock on `userId`'s exports until the transaction ends. */
export async function lockExportsOf(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK_CLASS}, ${userId})`);
}

/**
 * A new pending export, or none when the same requester already has one running for the same
 * user (the partial unique index decides, so concurrent requests cannot start two).
 */
export async function insertPendingExport(
  db: Executor,
  values: { userId: number; requestedBy: number; createdAt: Date; expiresAt: Date },
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values(values)
    .onConflictDoNothing({
      target: [dataExports.requestedBy, dataExports.userId],
      where: eq(dataExports.status, 'pending'),
    })
    .returning();
  return row;
}

/**
 * The requester's latest export of this user in one of `statuses` (made since `since`, when
 * given): the one running (pending; at most one, the partial unique index says), or one to
 * give back to a repeated request.
 */
export async function latestExport(
  db: Executor,
  requestedBy: number,
  userId: number,
  filter: { statuses: ExportStatus[]; since?: Date },
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.requestedBy, requestedBy),
        eq(dataExports.userId, userId),
        inArray(dataExports.status, filter.statuses),
        filter.since ? gte(dataExports.createdAt, filter.since) : undefined,
      ),
    )
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function findExport(db: Executor, id: number): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function setExportProgress(db: Executor, id: number, progress: number) {
  await db.update(dataExports).set({ progress }).where(eq(dataExports.id, id));
}

export async function finishExport(
  db: Executor,
  id: number,
  document: Record<string, unknown>,
  expiresAt: Date,
) {
  await db
    .update(dataExports)
    .set({ status: 'ready', progress: 100, document, expiresAt })
    .where(eq(dataExports.id, id));
}

export async function failExport(db: Executor, id: number) {
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
}

/** Expired exports, documents included, are not kept. */
export async function deleteExpiredExports(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(dataExports)
    .where(lt(dataExports.expiresAt, now))
    .returning({ id: dataExports.id });
  return deleted.length;
}

/**
 * Part of erasing an account (users/deletion.ts purgeUser): the exports of the user's data,
 * and those the user asked for (a teacher's copies of students' data).
 */
export async function deleteExportsOf(db: Executor, userId: number): Promise<void> {
  await db
    .delete(dataExports)
    .where(or(eq(dataExports.userId, userId), eq(dataExports.requestedBy, userId)));
}
