import type { Executor } from '../db/connection.ts';
import { presentHeldMail } from './presenter.ts';
import { heldMailPage } from './queries.ts';

/** Held mail, newest first, as staff read it (the route checked who asks). */
export async function heldMail(db: Executor, window: { offset: number; limit: number }) {
  const { count, results } = await heldMailPage(db, window);
  return { count, results: results.map(presentHeldMail) };
}
