import type { Ticket, TicketCreated } from '@bullpen/contract/support';
import type { TicketRow } from './queries.ts';

/** Ticket rows → the contract's shapes: the sender sees only the receipt, staff the whole. */
export function presentTicketCreated(row: TicketRow): TicketCreated {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    position: row.position,
    school_name: row.schoolName,
    description: row.description,
    phone: row.phone,
    anticipated_teacher_participation: row.teacherParticipation,
    anticipated_student_participation: row.studentParticipation,
    user: row.userId,
    language: row.language,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}
