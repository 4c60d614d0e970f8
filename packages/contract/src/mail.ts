import { z } from 'zod';
import { pageQueryWith, pageSchema } from './pagination.ts';

export const STAFF_OUTBOX_PAGE_SIZE = 20;

/** Held mail, newest first: what the server would have sent had SMTP_URL been set. */
export const staffOutboxQuery = pageQueryWith(STAFF_OUTBOX_PAGE_SIZE);
export type StaffOutboxQuery = z.input<typeof staffOutboxQuery>;

/** One held mail as staff read it (its links work: staff pass them on or use them to help). */
export const heldMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type HeldMail = z.infer<typeof heldMailSchema>;
export const heldMailPageSchema = pageSchema(heldMailSchema);
