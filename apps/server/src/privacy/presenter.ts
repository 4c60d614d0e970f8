import type { ExportJob } from '@bullpen/contract/privacy';
import type { DataExportRow } from './queries.ts';

export function presentExportJob(row: DataExportRow): ExportJob {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
