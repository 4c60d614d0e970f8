import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Security } from '@bullpen/contract/market';
import { useDatePatterns } from '@/lib/date-patterns.ts';
import { useSecurityNews } from '../../api/securities-api.ts';

/**
 * Panel 4: the security's news, newest first, each story opening on its page in the app; a
 * failure is only logged (spec section 8).
 */
export function NewsPanel({ security }: { security: Security }) {
  const { t } = useTranslation('market');
  const dates = useDatePatterns();
  const news = useSecurityNews(security.id);

  useEffect(() => {
    if (news.error) console.warn(`Could not load the news of ${security.symbol}`, news.error);
  }, [news.error, security.symbol]);

  if (news.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('news.loading')} />
      </Box>
    );
  }
  const items = news.data ?? [];
  if (items.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('news.empty')}</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label={t('news.label', { name: security.name })}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {items.map((item) => {
        const published = new Date(item.publishedDate);
        return (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'flex',
              gap: 1.5,
              py: 1.5,
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            {item.imgUrl && (
              <Box
                component="img"
                src={item.imgUrl}
                alt=""
                width={64}
                height={36}
                sx={{ borderRadius: 1, flexShrink: 0, objectFit: 'cover', mt: 0.5 }}
              />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={item.url}>
                  {item.title}
                </Link>
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {item.source} ·{' '}
                <time dateTime={item.publishedDate} data-testid="news-date">
                  {dates.newsDate(published)}
                </time>
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {item.description}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
