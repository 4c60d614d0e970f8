import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportJob } from '@bullpen/contract/privacy';
import { api } from '@bullpen/contract/routes';
import { apiClient, errorText } from '@/lib/api-client.ts';

/** How often a pending export is asked for its progress. */
const POLL_MS = 1000;

export const dataExportQueryOptions = (id: number) => ({
  queryKey: ['privacy', 'exports', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get<ExportJob>(api.dataExport.build({ id }), undefined, { signal }),
});

/**
 * An export job: `start()` asks `startPath` for one (the user's own, or a teacher's export of a
 * student), then its progress is polled until it is ready or failed.
 */
export function useDataExport(startPath: string) {
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: () => apiClient.post<ExportJob>(startPath),
    onSuccess: (job) => setJobId(job.id),
  });
  const job = useQuery({
    ...dataExportQueryOptions(jobId ?? 0),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });
  return {
    start,
    job: jobId === null ? undefined : (job.data ?? start.data),
    error: start.error ?? job.error,
  };
}

/** Fetches the file with the session's credentials and hands it to the browser to save. */
async function saveExport(id: number, format: ExportFormat) {
  const data = await apiClient.get<unknown>(
    `${api.dataExportDownload.build({ id })}?format=${format}`,
  );
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  const blob = new Blob([text], {
    type: format === 'html' ? 'text/html;charset=utf-8' : 'application/json;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `bullpen-data-${id}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Where an export stands: a progress bar while it is prepared, then the two downloads (the
 * file for programs, the page for people) and when the link ends.
 */
export function DataExportStatus({ job, error }: { job?: ExportJob; error?: unknown }) {
  const { t, i18n } = useTranslation('common');
  const [saveError, setSaveError] = useState<unknown>(null);
  const shown = saveError ?? error;
  const save = (format: ExportFormat) => {
    if (!job) return;
    setSaveError(null);
    saveExport(job.id, format).catch(setSaveError);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {shown ? <Alert severity="error">{errorText(shown)}</Alert> : null}
      {job?.status === 'pending' && (
        <Box role="status">
          <Typography variant="body2">
            {t('dataExport.preparing', { progress: job.progress })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={job.progress}
            aria-label={t('dataExport.progressLabel')}
          />
        </Box>
      )}
      {job?.status === 'failed' && <Alert severity="error">{t('dataExport.failed')}</Alert>}
      {job?.status === 'ready' && (
        <Box role="status" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2">
            {t('dataExport.ready', {
              until: new Date(job.expires_at).toLocaleString(i18n.language),
            })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => save('html')}>
              {t('dataExport.downloadHtml')}
            </Button>
            <Button variant="outlined" onClick={() => save('json')}>
              {t('dataExport.downloadJson')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
