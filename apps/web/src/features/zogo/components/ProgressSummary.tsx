import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useIntlLocale } from '@/lib/intl-locale.ts';
import type { Progress } from '../catalogue-view.ts';

/** "3 of 7 modules done · 60 of 140 points earned", with a bar. */
export function ProgressSummary({
  progress,
  label,
  dense = false,
}: {
  progress: Progress;
  /** Names the bar for screen readers. */
  label: string;
  dense?: boolean;
}) {
  const { t } = useTranslation('earn');
  const locale = useIntlLocale();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const percent = progress.total ? Math.round((progress.completed / progress.total) * 100) : 0;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.25,
          mb: dense ? 0.5 : 1,
        }}
      >
        <Typography variant={dense ? 'body2' : 'body1'} sx={{ fontWeight: 700 }}>
          {t('catalogue.modulesDone', { completed: progress.completed, count: progress.total })}
        </Typography>
        <Typography variant={dense ? 'body2' : 'body1'} sx={{ color: 'text.secondary' }}>
          {t('catalogue.pointsEarned', {
            earned: number(progress.pointsEarned),
            total: number(progress.pointsTotal),
          })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        color="secondary"
        sx={{ height: dense ? 6 : 10, borderRadius: 999, bgcolor: '#dfe6f0' }}
      />
    </Box>
  );
}
