import { authMessages, messages } from '@bullpen/contract/messages';
import { DEFAULT_LANGUAGE } from '@bullpen/contract/languages';
import { publicPaths, supportPaths } from '@bullpen/contract/routes';
import type { TicketInput, TicketKind, TicketStatus } from '@bullpen/contract/support';
import {
  studentSupportEmail,
  supportConfirmationEmail,
  supportTicketEmail,
} from '../mail/templates.ts';
import type { Deps } from '../platform/deps.ts';
import { badRequest, notFound, tooManyRequests } from '../platform/errors.ts';
import type { UserRow } from '../users/presenter.ts';
import { teachersOfStudent } from '../classrooms/core/teachers-service.ts';
import { verifyHumanCheck, type HumanCheckKeys } from './human-check.ts';
import {
  claimHumanCheck,
  insertTicket,
  lockSender,
  recentTicketsFrom,
  setTicketStatus,
  ticketPage,
  type TicketRow,
} from './queries.ts';

/**
 * Support commands: send a ticket (human check, rate limit per client address, store, mail
 * the team and the sender) and the staff inbox.
 */

const humanCheckFailed = () => badRequest({ g_recaptcha_token: messages.verifyHuman });

const blankToNull = (value: string | undefined) => (value ? value : null);

/** Seconds until one more ticket from this address fits in the window, or 0. */
async function secondsUntilRoom(
  db: Deps['db'],
  senderAddress: string,
  limit: Deps['config']['support']['rateLimit'],
  now: Date,
): Promise<number> {
  const windowMs = limit.windowSeconds * 1000;
  const recent = await recentTicketsFrom(db, senderAddress, new Date(now.getTime() - windowMs));
  if (recent.count < limit.max) return 0;
  const oldest = recent.oldest?.getTime() ?? now.getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
}

export type SendTicket = {
  kind: TicketKind;
  /** The signed-in sender, or null for a visitor (whose input passed the guest rules). */
  actor: UserRow | null;
  input: TicketInput;
  senderAddress: string;
  humanCheckKeys: HumanCheckKeys;
  now?: Date;
};

/**
 * Stores a ticket and mails it. A visitor's human check is verified, then used up in the same
 * transaction as the ticket, so a refused ticket (the rate limit) leaves it usable and a
 * replayed one is refused on every process. Name and email of a user come from the account.
 */
export async function sendTicket(deps: Deps, command: SendTicket): Promise<TicketRow> {
  const { actor, input, kind, senderAddress } = command;
  const now = command.now ?? new Date();
  const check = actor
    ? null
    : await verifyHumanCheck(command.humanCheckKeys, input.g_recaptcha_token ?? '');
  if (!actor && !check) throw humanCheckFailed();

  const ticket = await deps.db.transaction(async (tx) => {
    await lockSender(tx, senderAddress);
    const wait = await secondsUntilRoom(tx, senderAddress, deps.config.support.rateLimit, now);
    if (wait > 0) throw tooManyRequests(authMessages.rateLimited(wait));
    if (check && !(await claimHumanCheck(tx, check.challengeId, check.expiresAt, now))) {
      throw humanCheckFailed();
    }
    return insertTicket(tx, {
      kind,
      userId: actor?.id ?? null,
      firstName: actor ? actor.firstName : (input.first_name ?? ''),
      lastName: actor ? actor.lastName : (input.last_name ?? ''),
      email: actor?.email ?? input.email ?? '',
      position: blankToNull(input.position) as TicketRow['position'],
      schoolName: blankToNull(input.school_name),
      description: input.description ?? '',
      phone: blankToNull(input.phone),
      teacherParticipation: input.anticipated_teacher_participation ?? null,
      studentParticipation: input.anticipated_student_participation ?? null,
      language: actor ? actor.language : (input.language ?? DEFAULT_LANGUAGE),
      senderAddress,
      createdAt: now,
      updatedAt: now,
    });
  });
  await mailTicket(deps, ticket, actor);
  if (actor && actor.email === null) await mailTeachersOf(deps, ticket, actor);
  return ticket;
}

/**
 * A student a teacher added by name cannot be answered by mail: the teacher who made the
 * account and the teachers of the student's classes get the message, to help with the answer
 * (the staff inbox has it too).
 */
async function mailTeachersOf(deps: Deps, ticket: TicketRow, student: UserRow): Promise<void> {
  for (const teacher of await teachersOfStudent(deps.db, student)) {
    if (teacher.email) await mailTeacher(deps, ticket, student, teacher, teacher.email);
  }
}

async function mailTeacher(
  deps: Deps,
  ticket: TicketRow,
  student: UserRow,
  teacher: UserRow,
  address: string,
) {
  await deps.mailer.send({
    to: address,
    about: student.id,
    ...studentSupportEmail(
      teacher.language,
      teacher.firstName || teacher.username,
      {
        student: `${student.firstName} ${student.lastName}`.trim() || student.username,
        username: student.username,
        ticketId: ticket.id,
        description: ticket.description,
      },
      `${deps.config.publicUrl}${publicPaths.support}`,
    ),
  });
}

/** The team's copy and the sender's confirmation; a failed delivery stays in the outbox. */
async function mailTicket(deps: Deps, ticket: TicketRow, actor: UserRow | null): Promise<void> {
  const { publicUrl, support } = deps.config;
  await deps.mailer.send({
    to: support.email,
    ...(ticket.userId === null ? {} : { about: ticket.userId }),
    ...supportTicketEmail(
      {
        id: ticket.id,
        kind: ticket.kind,
        name: `${ticket.firstName} ${ticket.lastName}`.trim(),
        email: ticket.email,
        userId: ticket.userId,
        position: ticket.position,
        schoolName: ticket.schoolName,
        phone: ticket.phone,
        teacherParticipation: ticket.teacherParticipation,
        studentParticipation: ticket.studentParticipation,
        description: ticket.description,
      },
      `${publicUrl}${supportPaths.inbox}`,
    ),
  });
  // A student a teacher added by name (no address) gets no confirmation mail.
  if (ticket.email === '') return;
  await deps.mailer.send({
    to: ticket.email,
    ...supportConfirmationEmail(
      ticket.language,
      ticket.kind,
      actor ? actor.firstName : null,
      `${publicUrl}${publicPaths.support}`,
    ),
  });
}

export async function inboxPage(
  deps: Deps,
  status: TicketStatus | undefined,
  window: { offset: number; limit: number },
) {
  return ticketPage(deps.db, status, window);
}

export async function markTicket(
  deps: Deps,
  staff: UserRow,
  ticketId: number,
  status: TicketStatus,
): Promise<TicketRow> {
  const row = await setTicketStatus(deps.db, ticketId, status, staff.id, new Date());
  if (!row) throw notFound();
  return row;
}
