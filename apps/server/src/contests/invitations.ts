import { authMessages } from '@bullpen/contract/messages';
import { contestMessages } from '@bullpen/contract/contests';
import type { Deps } from '../platform/deps.ts';
import { forbidden } from '../platform/errors.ts';
import { newSecretToken } from '../auth/one-time-tokens.ts';
import { reserveInvitationSends } from '../mail/invitations.ts';
import { contestInvitationEmail } from '../mail/templates.ts';
import type { UserRow } from '../users/presenter.ts';
import { findUsersByEmail } from '../users/queries.ts';
import { isContestOwner } from './policies.ts';
import { putInvitation } from './queries.ts';
import { requireVisibleContest } from './service.ts';

/**
 * The owner invites people by email. Each address gets a link with its own single-use token
 * (the link proves the address); the hourly limits count every recipient. Re-inviting an
 * address sends a new link and voids the old one.
 */
export async function inviteToContest(
  deps: Deps,
  actor: UserRow,
  contestId: number,
  emails: string[],
  now: Date,
): Promise<string[]> {
  if (!actor.emailVerifiedAt) throw forbidden(authMessages.verifyEmailFirst);
  const view = await requireVisibleContest(deps.db, actor, contestId);
  if (!isContestOwner(actor, view.contest)) throw forbidden(contestMessages.notOwner);
  const links = await deps.db.transaction(async (tx) => {
    await reserveInvitationSends(tx, {
      senderId: actor.id,
      target: `contest:${contestId}`,
      recipients: emails,
      now,
    });
    const made: { email: string; token: string }[] = [];
    for (const email of emails) {
      const { token, hash } = newSecretToken();
      await putInvitation(tx, { contestId, email, invitedBy: actor.id, tokenHash: hash, at: now });
      made.push({ email, token });
    }
    return made;
  });
  const inviter = `${actor.firstName} ${actor.lastName}`.trim();
  for (const { email, token } of links) {
    const url = `${deps.config.publicUrl}/join?invitation=${token}`;
    // In the language of the account using the address; a stranger reads the sender's.
    const [holder] = await findUsersByEmail(deps.db, email, 1);
    const language = holder?.language ?? actor.language;
    await deps.mailer.send({
      to: email,
      ...contestInvitationEmail(language, inviter, view.contest.name, url),
    });
  }
  return emails;
}
