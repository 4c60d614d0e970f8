import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { isUniqueViolation, type Executor } from '../db/connection.ts';
import { users } from '../db/schema/index.ts';
import type { UserRow } from './presenter.ts';

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The accounts using an address: the one that verified it first, then unverified ones (an
 * unverified address is not taken, so several sign-ups may name it until one proves it).
 */
export async function findUsersByEmail(db: Executor, email: string, limit = 5): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(sql`${users.emailVerifiedAt} is null`, asc(users.id))
    .limit(limit);
}

/** The account that verified this address, if any. */
export async function findVerifiedUserByEmail(
  db: Executor,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailVerifiedAt)));
  return row;
}

/**
 * Login accepts either the username or the email address. A username matches one account;
 * an address may match a verified account and unverified sign-ups, verified first.
 */
export async function findUsersByLogin(db: Executor, login: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${login})`,
        sql`lower(${users.email}) = lower(${login})`,
      ),
    )
    .orderBy(
      sql`lower(${users.username}) = lower(${login}) desc`,
      sql`${users.emailVerifiedAt} is null`,
      asc(users.id),
    )
    .limit(3);
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function findUsersByIds(db: Executor, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The account's address is proven (a link mailed to it was opened). False when another
 * account proved the same address first: then it stays unverified here.
 */
export async function markEmailProven(db: Executor, userId: number, now: Date): Promise<boolean> {
  try {
    await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'users_verified_email_lower_key')) return false;
    throw error;
  }
}
