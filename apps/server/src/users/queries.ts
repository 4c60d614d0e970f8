import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';
import { users } from '../db/schema/index.ts';
import type { UserRow } from './presenter.ts';

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** Login accepts either the username or the email address. */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${login})`,
        sql`lower(${users.email}) = lower(${login})`,
      ),
    )
    .limit(1);
  return row;
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
