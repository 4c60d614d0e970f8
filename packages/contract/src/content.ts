import { z } from 'zod';

/** GET /api/appstore/ — the banner for the real-trading mobile app (18+). */
export const appstoreSchema = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  button_text: z.string(),
  age_notice: z.string(),
});
export type Appstore = z.infer<typeof appstoreSchema>;

/** Team member of the home page's profile dialog (spec section 3). */
export const teamMemberSchema = z.object({
  fullName: z.string(),
  role: z.string(),
  description: z.string(),
  photo: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
