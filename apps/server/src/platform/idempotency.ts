import { z } from 'zod';

/** The optional `Idempotency-Key` header of a POST that must not happen twice. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'Use 1 to 100 letters, digits, dots, colons, dashes or underscores.')
    .optional(),
});

/** Sent with the first result when a request repeats an Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
