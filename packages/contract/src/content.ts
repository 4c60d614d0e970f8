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

/** GET /api/ready: 200 when this process should get traffic, 503 (same body) when not. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  jobs: z.array(
    z.object({
      name: z.string(),
      alive: z.boolean(),
      last_run_at: z.string().nullable(),
      failed: z.boolean(),
    }),
  ),
  closing: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
