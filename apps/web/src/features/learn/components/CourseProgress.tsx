import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** "3 of 5 lessons done" in words, with a bar that says the same to assistive technology. */
export function CourseProgress({
  completed,
  total,
  id,
}: {
  completed: number;
  total: number;
  id: string;
}) {
  const { t } = useTranslation('learn');
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  const text = t('progress.text', { completed, count: total });
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={id} variant="body2" sx={{ mb: 0.5, fontWeight: 600 }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={id}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4, bgcolor: '#dbe4f0' }}
      />
    </Box>
  );
}
