import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '@bullpen/contract/routes';
import { DataExportStatus, useDataExport } from '@/components/DataExport.tsx';

/**
 * "Download my data": one button prepares a copy of everything Bullpen keeps about the
 * signed-in user, then offers it as a readable page and as a JSON file for a day.
 */
export function DataExportCard() {
  const { t } = useTranslation('privacy');
  const { start, job, error } = useDataExport(api.dataExports.build());
  const busy = start.isPending || job?.status === 'pending';
  return (
    <Card component="section" variant="outlined" aria-labelledby="data-export-heading">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="data-export-heading" variant="h2">
          {t('export.heading')}
        </Typography>
        <Typography>{t('export.intro')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('export.expiry')}
        </Typography>
        <Button
          variant="contained"
          sx={{ justifySelf: 'start' }}
          disabled={busy}
          onClick={() => start.mutate()}
        >
          {job ? t('export.again') : t('export.start')}
        </Button>
        <DataExportStatus job={job} error={error} />
      </CardContent>
    </Card>
  );
}
