import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { appSettings } from '../db/schema/settings.ts';

/**
 * Server-wide values every process must share (`app_settings`, owned by the platform). A
 * domain keys its own entries with its own prefix; the platform knows nothing of what they
 * mean.
 */

/** The value under `key`, written with `initial` first if no process has set one yet. */
export async function settingOrInitial(
  db: Executor,
  key: string,
  initial: string,
): Promise<string> {
  await db.insert(appSettings).values({ key, value: initial }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row!.value;
}

/** Sets `key` once: true for the one process whose write made it, false for every other. */
export async function claimSetting(db: Executor, key: string, value: string): Promise<boolean> {
  const claimed = await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning();
  return claimed.length > 0;
}

/**
 * Moves `key` on to `value` when it holds an earlier one (byte order: ISO days and instants
 * sort by time) or none: true for the one process whose write did it, false for every other
 * and when `value` is not later. A daily job claims its day this way, in one row.
 */
export async function advanceSetting(db: Executor, key: string, value: string): Promise<boolean> {
  const written = await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      setWhere: sql`${appSettings.value} collate "C" < ${value}`,
    })
    .returning({ key: appSettings.key });
  return written.length > 0;
}

/** The value under `key`, or null when no process has set it. */
export async function readSetting(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value ?? null;
}

/** Sets `key` to `value`, replacing what was there. */
export async function writeSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}
