import type { UserRow } from '../users/presenter.ts';

/**
 * Who may see an export: only the person who asked for it (the user, or their teacher).
 * Anyone else is answered "not found", so export ids reveal nothing.
 */
export function canReadExport(actor: UserRow, dataExport: { requestedBy: number }): boolean {
  return dataExport.requestedBy === actor.id;
}
