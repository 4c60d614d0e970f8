import { z } from 'zod';
import { contestMessages, contestSchema, contestSettingsShape, datesAreValid } from './contests.ts';
import { pageSchema } from './pagination.ts';

/**
 * Class contests and the trading switch (issue #11): a teacher starts a contest for a class
 * (private; every current and future student of the class is a member, no join code needed)
 * and turns trading on or off for the class. While it is off, orders in the class's contests
 * are refused with `tradingOff`, and pending orders of those contests are rejected with the
 * same reason when the fill job meets them (their cash or shares are given back): a market
 * order waiting through a day with trading off would otherwise fill at the morning's price
 * once it is turned on again, after the student has seen the day's moves.
 */
export const classroomContestMessages = {
  tradingOff: 'Trading is turned off for this class by your teacher.',
  switchRequired: 'Say whether trading is on: true or false.',
} as const;

/** A class contest: the create-contest fields without visibility (always private). */
export const createClassroomContestSchema = z
  .strictObject(contestSettingsShape)
  .refine((value) => Date.parse(value.ends_at) > Date.parse(value.starts_at), {
    message: contestMessages.endBeforeStart,
    path: ['ends_at'],
    when: datesAreValid,
  });
export type CreateClassroomContestInput = z.input<typeof createClassroomContestSchema>;

/** The rule that needs a clock, as for any contest: it must end in the future. */
export function createClassroomContestSchemaAt(now: () => Date) {
  return createClassroomContestSchema.refine(
    (value) => Date.parse(value.ends_at) > now().getTime(),
    { message: contestMessages.endInPast, path: ['ends_at'], when: datesAreValid },
  );
}

/** The class's contests, newest first, as any member of the class sees them. */
export const classroomContestListSchema = pageSchema(contestSchema);

/** `PATCH /api/classrooms/classrooms/{id}/trading` (the class's teacher only). */
export const tradingSwitchSchema = z.strictObject({
  enabled: z.boolean({ error: classroomContestMessages.switchRequired }),
});
export type TradingSwitchInput = z.infer<typeof tradingSwitchSchema>;

export const tradingSwitchResultSchema = z.object({
  id: z.number().int(),
  trading_enabled: z.boolean(),
});
export type TradingSwitchResult = z.infer<typeof tradingSwitchResultSchema>;
