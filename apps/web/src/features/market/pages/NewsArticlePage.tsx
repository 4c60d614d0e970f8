import { Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { newsParams } from '@bullpen/contract/market';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { useDatePatterns } from '@/lib/date-patterns.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useNewsArticle } from '../api/securities-api.ts';

/** The stories are written in English by the server (apps/server/src/market/news.ts). */
const STORY_LANGUAGE = 'en';

/**
 * /public/news/:id: a story of the simulated market, opened from a stock's news, inside the app
 * and marked as simulated. An id the API does not know (or not yet: a story of a later session)
 * is the 404 page.
 */
export function NewsArticlePage() {
  const { t } = useTranslation('market');
  const dates = useDatePatterns();
  const id = useParams().id ?? '';
  const valid = newsParams.safeParse({ id }).success;
  const article = useNewsArticle(valid ? id : '');
  useDocumentTitle(article.data?.title ?? t('article.loading'));
  const notFound = article.error instanceof ApiError && article.error.status === 404;
  if (!valid || notFound) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!article.data) {
    return (
      <PageContainer maxWidth={760}>
        {article.error ? (
          <Alert severity="error">{errorText(article.error)}</Alert>
        ) : (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={t('article.loading')} />
          </Box>
        )}
      </PageContainer>
    );
  }
  const { data } = article;
  return (
    <PageContainer maxWidth={760}>
      <article aria-labelledby="news-title" lang={STORY_LANGUAGE}>
        <Box
          component="img"
          src={data.imgUrl}
          alt=""
          sx={{ width: '100%', height: 112, objectFit: 'cover', borderRadius: 2, mb: 2 }}
        />
        <Typography id="news-title" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {data.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
          {data.source} ·{' '}
          <time dateTime={data.publishedDate}>{dates.newsDate(new Date(data.publishedDate))}</time>
        </Typography>
        {data.body.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
      </article>
      {data.symbols.length > 0 && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('article.about', { symbols: data.symbols.join(', ') })}
        </Typography>
      )}
      <Alert severity="info">{t('article.simulated')}</Alert>
    </PageContainer>
  );
}

export const Component = NewsArticlePage;
