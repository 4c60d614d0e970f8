import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isSlug } from '@bullpen/contract/slug';
import { NOT_FOUND_PATH } from '@bullpen/contract/routes';
import { PageContainer } from '@/components/PageContainer.tsx';
import { useFormatters } from '@/lib/format.ts';
import { translateMessage } from '@/lib/translate-message.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { type ArticleKind, useArticle } from '../api/learn-api.ts';
import { PageStatus } from '../components/PageStatus.tsx';
import { CONTENT_LANGUAGE, Reading } from '../components/Reading.tsx';
import { Sources } from '../components/Sources.tsx';

/** A card's path leads inside Bullpen, or (rarely) out of it. */
function CardButton({
  to,
  children,
  variant,
}: {
  to: string;
  children: string;
  variant: 'contained' | 'outlined';
}) {
  return to.startsWith('/') ? (
    <Button component={RouterLink} to={to} variant={variant}>
      {children}
    </Button>
  ) : (
    <Button href={to} variant={variant}>
      {children}
    </Button>
  );
}

/**
 * /public/blogs/:alias and /public/lessons/:alias (spec section 2): the same article page,
 * for a flyer and for a public lesson. An unknown alias is the 404 page.
 */
function ArticlePage({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation('learn');
  const format = useFormatters();
  const alias = useParams().alias ?? '';
  const valid = isSlug(alias);
  const article = useArticle(kind, valid ? alias : '');
  useDocumentTitle(article.data?.title ?? t('article.loading'));
  if (!valid) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!article.data) return <PageStatus error={article.error} />;
  const { data } = article;
  // A calendar date (YYYY-MM-DD): shown as written, in no time zone.
  const published = data.published
    ? new Intl.DateTimeFormat(format.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${data.published}T00:00:00Z`),
      )
    : null;
  return (
    <PageContainer maxWidth={860}>
      <Box component="article" aria-labelledby="article-title">
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          {t(`categories.${data.category}`)}
        </Typography>
        <Typography
          variant="h1"
          id="article-title"
          lang={CONTENT_LANGUAGE}
          sx={{ mb: 1.5, overflowWrap: 'anywhere' }}
        >
          {data.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          {published && (
            <>
              <time dateTime={data.published ?? undefined}>{published}</time>
              {' · '}
            </>
          )}
          {t('article.readingTime', { count: data.minutes })}
        </Typography>
        <Reading html={data.html} tableLabel={t('lesson.table')} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 5 }}>
          {data.card.secondPath && data.card.secondButtonText && (
            <CardButton to={data.card.secondPath} variant="contained">
              {translateMessage(data.card.secondButtonText, ['learn:article.cardButtons'])}
            </CardButton>
          )}
          <Button component={RouterLink} to="/public/preview-courses" variant="outlined">
            {t('article.moreCourses')}
          </Button>
        </Box>
        <Sources sources={data.sources} headingId="article-sources" />
      </Box>
    </PageContainer>
  );
}

export function BlogArticlePage() {
  return <ArticlePage kind="blog" />;
}

export function PublicLessonPage() {
  return <ArticlePage kind="lesson" />;
}
