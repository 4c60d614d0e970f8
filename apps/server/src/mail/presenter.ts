import type { HeldMail } from '@bullpen/contract/mail';
import type { OutboxRow } from './queries.ts';

export function presentHeldMail(row: OutboxRow): HeldMail {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    text: row.textBody,
    created_at: row.createdAt.toISOString(),
  };
}
