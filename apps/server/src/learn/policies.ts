import type { UserRow } from '../users/presenter.ts';

/**
 * Who sees what in learn. The catalogue and the lesson cards are open to anyone; progress is
 * shown only to the user it belongs to, so a request's progress is always its own user's
 * (another person's view, a teacher's of a class, comes with classrooms).
 */
export function progressViewer(actor: UserRow | null): number | null {
  return actor ? actor.id : null;
}
