import type { Deps } from '../platform/deps.ts';
import { removeAvatar } from './avatars.ts';
import { lockUserForPurge, tombstoneUser, type UserRow, usersDueForPurge } from './queries.ts';

/**
 * Erases one account now (docs/decisions/033-account-deletion.md): each domain drops or blanks
 * what only this person wrote or owns (the steps each domain registers in `deps.erasure`,
 * platform/erasure.ts), ledgers keep their amounts, and the user row becomes a nameless
 * tombstone. Answers false when the account was already erased, or when `stillDue`, asked
 * under the row lock, says the account was saved meanwhile (a sign-in).
 */
export async function purgeUser(
  deps: Deps,
  userId: number,
  now = new Date(),
  stillDue: (user: UserRow) => boolean = () => true,
): Promise<boolean> {
  const avatar = await deps.db.transaction(async (tx) => {
    const user = await lockUserForPurge(tx, userId);
    if (!user || !stillDue(user)) return undefined;
    await deps.erasure.run(tx, user, now);
    await tombstoneUser(tx, userId, now);
    return { path: user.avatarPath };
  });
  if (!avatar) return false;
  deps.sessions.dropUser(userId);
  await removeAvatar(deps.config.dataDir, avatar.path);
  return true;
}

/** The purge job's run: erases every account whose grace period ended by `now`. */
export async function purgeDueAccounts(deps: Deps, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = await usersDueForPurge(deps.db, now, 50);
    if (ids.length === 0) return purged;
    for (const id of ids) if (await purgeUser(deps, id, now)) purged += 1;
  }
}
