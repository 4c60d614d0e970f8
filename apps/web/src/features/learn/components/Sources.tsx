import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Source } from '@bullpen/contract/learn';
import { visuallyHiddenClass } from '@/components/visually-hidden.ts';

/** The sources a course or an article is based on, as outside links. */
export function Sources({ sources, headingId }: { sources: Source[]; headingId: string }) {
  const { t } = useTranslation('learn');
  if (sources.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('sources.title')}
      </Typography>
      <Box component="ul" sx={{ pl: 3, m: 0, maxWidth: '70ch' }}>
        {sources.map((source) => (
          <Box component="li" key={source.url} sx={{ my: 0.75, overflowWrap: 'anywhere' }}>
            <Link href={source.url} target="_blank" rel="noopener noreferrer">
              {source.title}
              <span className={visuallyHiddenClass}>{t('sources.newTab')}</span>
            </Link>
            {t('sources.publisher', { publisher: source.publisher })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
