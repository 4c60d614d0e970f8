import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import {
  rosterClasses,
  rosterImports,
  rosterInvitations,
  rosterUsers,
} from '../db/schema/rosters.ts';

/** Every import waits for the one before it (one advisory lock class, any process). */
const ROSTER_LOCK_KEY = 727_201;

export async function lockRosterImports(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROSTER_LOCK_KEY})`);
}

/** The accounts these roster keys became. */
export async function linkedUsers(db: Executor, keys: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  // Bounded chunks: a school's 5,000 students stay well under PostgreSQL's parameter limit.
  for (let start = 0; start < keys.length; start += 1000) {
    const rows = await db
      .select()
      .from(rosterUsers)
      .where(inArray(rosterUsers.sourcedId, keys.slice(start, start + 1000)));
    for (const row of rows) found.set(row.sourcedId, row.userId);
  }
  return found;
}

/** Of these accounts, the ones some roster names (a class's roster-managed members). */
export async function rosterManaged(db: Executor, userIds: number[]): Promise<Set<number>> {
  const managed = new Set<number>();
  for (let start = 0; start < userIds.length; start += 1000) {
    const rows = await db
      .selectDistinct({ userId: rosterUsers.userId })
      .from(rosterUsers)
      .where(inArray(rosterUsers.userId, userIds.slice(start, start + 1000)));
    for (const row of rows) managed.add(row.userId);
  }
  return managed;
}

export async function linkUser(db: Executor, key: string, userId: number, now: Date) {
  await db
    .insert(rosterUsers)
    .values({ sourcedId: key, userId, createdAt: now })
    .onConflictDoUpdate({ target: rosterUsers.sourcedId, set: { userId } });
}

export async function linkedClasses(db: Executor, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select().from(rosterClasses).where(inArray(rosterClasses.sourcedId, keys));
  return new Map(rows.map((row) => [row.sourcedId, row.classroomId]));
}

export async function linkClass(db: Executor, key: string, classroomId: number, now: Date) {
  await db.insert(rosterClasses).values({ sourcedId: key, classroomId, createdAt: now });
}

/** Per class, the addresses an import invited to it since `since`. */
export async function invitedSince(
  db: Executor,
  classroomIds: number[],
  since: Date,
): Promise<Map<number, Set<string>>> {
  const invited = new Map<number, Set<string>>();
  if (classroomIds.length === 0) return invited;
  const rows = await db
    .select()
    .from(rosterInvitations)
    .where(
      and(
        inArray(rosterInvitations.classroomId, classroomIds),
        gt(rosterInvitations.sentAt, since),
      ),
    );
  for (const row of rows) {
    if (!invited.has(row.classroomId)) invited.set(row.classroomId, new Set());
    invited.get(row.classroomId)!.add(row.email);
  }
  return invited;
}

export async function recordInvitations(
  db: Executor,
  classroomId: number,
  emails: string[],
  now: Date,
) {
  if (emails.length === 0) return;
  await db
    .insert(rosterInvitations)
    .values(emails.map((email) => ({ classroomId, email, sentAt: now })))
    .onConflictDoUpdate({
      target: [rosterInvitations.classroomId, rosterInvitations.email],
      set: { sentAt: now },
    });
}

export async function insertImport(
  db: Executor,
  values: typeof rosterImports.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(rosterImports).values(values).returning({ id: rosterImports.id });
  return row!.id;
}

/** The rosters erasure step: the account's sourcedIds, its imports, invitations to its address. */
export async function eraseRosterRowsOf(db: Executor, userId: number, email: string | null) {
  await db.delete(rosterUsers).where(eq(rosterUsers.userId, userId));
  await db.delete(rosterImports).where(eq(rosterImports.actorId, userId));
  if (email) await db.delete(rosterInvitations).where(eq(rosterInvitations.email, email));
}

/** The export's section: the roster names the account has, and the imports it applied. */
export async function exportRosterRowsOf(db: Executor, userId: number) {
  const sourcedIds = await db
    .select({ sourcedId: rosterUsers.sourcedId, createdAt: rosterUsers.createdAt })
    .from(rosterUsers)
    .where(eq(rosterUsers.userId, userId))
    .orderBy(asc(rosterUsers.sourcedId));
  const imports = await db
    .select({
      id: rosterImports.id,
      format: rosterImports.format,
      digest: rosterImports.digest,
      counts: rosterImports.counts,
      createdAt: rosterImports.createdAt,
    })
    .from(rosterImports)
    .where(eq(rosterImports.actorId, userId))
    .orderBy(asc(rosterImports.id));
  return { sourced_ids: sourcedIds, imports };
}

/** The retention job's sweep: import log rows and invitation records past their days. */
export async function deleteOldRosterRows(
  db: Executor,
  importsBefore: Date,
  invitationsBefore: Date,
): Promise<number> {
  const imports = await db
    .delete(rosterImports)
    .where(lt(rosterImports.createdAt, importsBefore))
    .returning({ id: rosterImports.id });
  const invitations = await db
    .delete(rosterInvitations)
    .where(lt(rosterInvitations.sentAt, invitationsBefore))
    .returning({ email: rosterInvitations.email });
  return imports.length + invitations.length;
}
